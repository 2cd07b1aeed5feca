/**
 * Design tokens: the dark, neon sci-fi look of Hyper Tek. The same values are CSS custom
 * properties in tokens.css (which the host loads once); use the CSS variables in styles and this
 * object where a value is needed in code (charts, canvas art).
 */
export const tokens = {
  color: {
    bg: '#05060f',
    surface: '#0d1024',
    surfaceRaised: '#151a36',
    border: '#26305e',
    text: '#e8ecff',
    textMuted: '#9aa3c7',
    primary: '#00e5ff',
    primaryStrong: '#00b8d4',
    accent: '#ff2bd6',
    success: '#3cff9d',
    danger: '#ff4d6d',
    warning: '#ffc145',
  },
  font: {
    display: "'Orbitron Variable', 'Orbitron', system-ui, sans-serif",
    body: "'Exo 2 Variable', 'Exo 2', system-ui, sans-serif",
  },
  radius: { sm: '6px', md: '12px', lg: '20px' },
  breakpoint: { sm: 480, md: 768, lg: 1024, xl: 1280 },
} as const;
