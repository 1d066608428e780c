/** Decorative SVGs of the login page; colours follow the tenant theme via `--app-primary`. */

export function LoginWaves() {
  return (
    <svg className="login-waves" viewBox="0 0 1440 320" preserveAspectRatio="none" aria-hidden="true">
      <path
        className="login-wave login-wave-back"
        d="M0,192L60,176C120,160,240,128,360,133.3C480,139,600,181,720,197.3C840,213,960,203,1080,176C1200,149,1320,107,1380,85.3L1440,64L1440,320L0,320Z"
      />
      <path
        className="login-wave login-wave-front"
        d="M0,256L80,245.3C160,235,320,213,480,218.7C640,224,800,256,960,261.3C1120,267,1280,245,1360,234.7L1440,224L1440,320L0,320Z"
      />
    </svg>
  );
}

/** A shop front with a loyalty card: the "image" of the suggested login layout. */
export function LoginIllustration() {
  return (
    <svg className="login-illustration" viewBox="0 0 240 200" role="img" aria-hidden="true">
      <rect x="30" y="70" width="180" height="110" rx="8" fill="#ffffff" opacity="0.95" />
      <path d="M22 70 L40 34 H200 L218 70 Z" fill="#ffffff" opacity="0.75" />
      <path
        d="M22 70 h28 v6 a14 14 0 0 1 -28 0 z M50 70 h28 v6 a14 14 0 0 1 -28 0 z M78 70 h28 v6 a14 14 0 0 1 -28 0 z M106 70 h28 v6 a14 14 0 0 1 -28 0 z M134 70 h28 v6 a14 14 0 0 1 -28 0 z M162 70 h28 v6 a14 14 0 0 1 -28 0 z M190 70 h28 v6 a14 14 0 0 1 -28 0 z"
        className="login-illustration-accent"
      />
      <rect
        x="48"
        y="104"
        width="52"
        height="76"
        rx="4"
        className="login-illustration-accent"
        opacity="0.85"
      />
      <rect x="116" y="104" width="76" height="44" rx="4" fill="#e9ebed" />
      <rect x="128" y="150" width="96" height="58" rx="8" transform="rotate(-12 176 179)" fill="#ffffff" />
      <rect
        x="128"
        y="150"
        width="96"
        height="16"
        rx="4"
        transform="rotate(-12 176 179)"
        className="login-illustration-accent"
      />
      <circle cx="196" cy="178" r="8" className="login-illustration-accent" opacity="0.6" />
    </svg>
  );
}
