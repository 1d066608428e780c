/** GrapesJS ships its locales without types: a locale is a nested map of UI texts. */
declare module 'grapesjs/locale/pt' {
  const messages: Record<string, unknown>;
  export default messages;
}
