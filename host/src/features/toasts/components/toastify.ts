// react-toastify as the toast host loads it (on the first toast): its unstyled build, which does
// not inject a <style> element (the site's Content-Security-Policy allows none without the
// response's nonce, docs/security.md), and its stylesheet, bundled in the same lazy chunk.
import 'react-toastify/ReactToastify.css';

export * from 'react-toastify/unstyled';
