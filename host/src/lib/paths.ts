/** True when `pathname` is one of `paths` or below it (case-insensitive). */
export const isOnPath = (pathname: string, paths: readonly string[]): boolean => {
  const lower = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return paths.some((p) => lower === p || lower.startsWith(`${p}/`));
};
