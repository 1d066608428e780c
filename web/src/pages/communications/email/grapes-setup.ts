import grapesjs, { type Editor } from 'grapesjs';
import 'grapesjs/dist/css/grapes.min.css';
import pt from 'grapesjs/locale/pt';
import newsletterModule from 'grapesjs-preset-newsletter';
import './email-editor.css';
import type { EmailContent } from './form-model';

/**
 * The visual e-mail editor: GrapesJS with its newsletter preset (table layouts, CSS inlined on
 * export with juice), self-hosted. This module is only ever imported dynamically (email-editor.tsx),
 * so GrapesJS, the preset and their CSS are a chunk of their own loaded by the e-mail and template
 * editors, never by the app entry. Nothing is fetched from third parties: no font CDN (`cssIcons`),
 * no telemetry, no upload endpoint, no browser storage (the project is saved with the campaign).
 */

type Preset = typeof newsletterModule;
// The preset ships as a UMD bundle whose exports object carries the plugin as `default`.
const newsletter: Preset = (newsletterModule as unknown as { default?: Preset }).default ?? newsletterModule;

/** What the page drives: the content as saved, a replacement (a template) and text insertion. */
export interface EmailEditorInstance {
  /** The inlined HTML (`info.layout_body`) and the project JSON (`info.flow`), text being typed included. */
  content(): Promise<EmailContent>;
  load(content: EmailContent): void;
  /** Inserts text at the caret of the text being edited; false when no text is being edited. */
  insertText(text: string): boolean;
  destroy(): void;
}

/** A new e-mail starts with one text block, so typing can start at once. */
export const STARTER_HTML =
  '<table style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse"><tr>' +
  '<td style="padding:24px;font-family:Arial, Helvetica, sans-serif;font-size:16px;line-height:1.5;color:#333333">' +
  '<div>Olá {{primeiro_nome}},</div>' +
  '</td></tr></table>';

/** The preset's blocks in Portuguese. */
const BLOCK_LABELS: Readonly<Record<string, string>> = {
  sect100: 'Seção 1 coluna',
  sect50: 'Seção 2 colunas',
  sect30: 'Seção 3 colunas',
  sect37: 'Seção 3/7',
  button: 'Botão',
  divider: 'Divisor',
  text: 'Texto',
  'text-sect': 'Seção de texto',
  image: 'Imagem',
  quote: 'Citação',
  link: 'Link',
  'link-block': 'Bloco de link',
  'grid-items': 'Grade de itens',
  'list-items': 'Lista de itens',
};

function parseProject(flow: string): Record<string, unknown> | undefined {
  if (!flow.trim()) return undefined;
  try {
    const project = JSON.parse(flow) as unknown;
    return project && typeof project === 'object' && 'pages' in project
      ? (project as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The saved project when there is one, else the saved HTML (an e-mail made elsewhere), else the starter. */
function loadInto(editor: Editor, content: EmailContent) {
  const project = parseProject(content.flow);
  if (project) editor.loadProjectData(project);
  else {
    editor.setComponents(content.html.trim() || STARTER_HTML);
    editor.setStyle('');
  }
  editor.UndoManager.clear();
}

export function createEmailEditor(
  container: HTMLElement,
  options: { initial: EmailContent; onChange?: () => void; height?: string },
): Promise<EmailEditorInstance> {
  const project = parseProject(options.initial.flow);
  const editor = grapesjs.init({
    container,
    height: options.height ?? '640px',
    width: 'auto',
    fromElement: false,
    storageManager: false,
    telemetry: false,
    // The icon font would come from a CDN: the few icons the preset still draws with it are in email-editor.css.
    cssIcons: '',
    noticeOnUnload: false,
    i18n: { locale: 'pt', localeFallback: 'en', detectLocale: false, messages: { pt } },
    assetManager: { upload: false, embedAsBase64: false },
    ...(project ? { projectData: project } : { components: options.initial.html.trim() || STARTER_HTML }),
    plugins: [
      (e: Editor) =>
        newsletter(e, {
          block: (id: string) => (BLOCK_LABELS[id] ? { label: BLOCK_LABELS[id] } : {}),
          modalTitleImport: 'Importar HTML',
          modalTitleExport: 'Código do e-mail',
          modalLabelImport: 'Cole o HTML do e-mail e clique em Importar.',
          modalLabelExport: 'O HTML exportado, com o CSS já aplicado nos elementos.',
          modalBtnImport: 'Importar',
          textCleanCanvas: 'Apagar todo o conteúdo do e-mail?',
        }),
    ],
  });

  return new Promise((resolve) => {
    editor.onReady(() => {
      editor.UndoManager.clear();
      // Changes after the first load only (loading fires updates too).
      editor.on('update', () => options.onChange?.());
      resolve({
        content: async () => {
          // A text being typed reaches the model when its editing ends: take it now.
          const view = editor.getEditing()?.view as { syncContent?: () => Promise<void> } | undefined;
          await view?.syncContent?.();
          return {
            html: String(editor.runCommand('gjs-get-inlined-html') ?? editor.getHtml()).trim(),
            flow: JSON.stringify(editor.getProjectData()),
          };
        },
        load: (content) => loadInto(editor, content),
        insertText: (text) => {
          const rte = editor.RichTextEditor.globalRte;
          if (!editor.getEditing() || !rte) return false;
          rte.insertHTML(text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;')));
          // The caret goes after what was inserted, so typing carries on from there.
          editor.Canvas.getDocument()?.getSelection()?.collapseToEnd();
          options.onChange?.();
          return true;
        },
        destroy: () => editor.destroy(),
      });
    });
  });
}
