/** Cloudscape theme stylesheet with placeholder colours, rendered by vite.config.ts. */
declare module 'virtual:theme-template' {
  const css: string;
  export default css;
}
