import Icon from '@cloudscape-design/components/icon';
import type { FlowItem } from '@freguesia/shared/domain/whatsapp';
import { previewText } from './form-model';
import './whatsapp.css';

type PreviewItem = Pick<FlowItem, 'type' | 'value' | 'extra'> & {
  key: string;
  subtype?: FlowItem['subtype'] | '';
};

/** Only https images show (the app's Content-Security-Policy allows no other remote image). */
const HTTPS = /^https:\/\//i;
const MEDIA_LABEL = { I: 'Imagem', P: 'PDF', V: 'Vídeo' } as const;

function Bubble({ item }: { item: PreviewItem }) {
  const value = item.value.trim();
  const extra = previewText(item.extra?.trim() ?? '');
  switch (item.type) {
    case 'T':
      return (
        <div className="wa-bubble">{previewText(value) || <i className="wa-muted">Mensagem vazia</i>}</div>
      );
    case 'M': {
      const kind = (item.subtype as 'I' | 'P' | 'V') || 'I';
      return (
        <div className="wa-bubble">
          {kind === 'I' && HTTPS.test(value) ? (
            <img className="wa-media" src={value} alt={extra || 'Imagem'} referrerPolicy="no-referrer" />
          ) : (
            <div className="wa-file">
              <Icon name={kind === 'P' ? 'file' : kind === 'V' ? 'video-on' : 'file-open'} />{' '}
              {MEDIA_LABEL[kind] ?? 'Mídia'}
              {value ? <div className="wa-url">{value}</div> : null}
            </div>
          )}
          {extra ? <div>{extra}</div> : null}
        </div>
      );
    }
    case 'L':
      return (
        <div className="wa-bubble">
          <div className="wa-file">
            <Icon name="location-pin" /> {extra || 'Localização'}
            <div className="wa-url">{value || 'latitude,longitude'}</div>
          </div>
        </div>
      );
    case 'C':
      return (
        <div className="wa-bubble">
          <div className="wa-file">
            <Icon name="contact" /> {extra || 'Contato'}
            <div className="wa-url">{value || 'número'}</div>
          </div>
        </div>
      );
    case 'A':
      return (
        <div className="wa-system">
          Início de atendimento: {item.subtype === 'U' ? 'pessoa' : 'setor'} {value || '—'}
        </div>
      );
    default:
      return null;
  }
}

/**
 * The messages as a customer's phone shows them (spec part 3 §2 'a message builder with a
 * phone-style preview'): bubbles in order, template variables filled with a sample customer.
 */
export function PhonePreview({
  items,
  title = 'Cliente',
  status,
  testId,
}: {
  items: readonly PreviewItem[];
  title?: string;
  /** The status image and caption, shown above the chat. */
  status?: { image: string; caption: string };
  testId?: string;
}) {
  return (
    <div className="wa-phone" data-testid={testId}>
      <div className="wa-phone-top">
        <span className="wa-avatar" aria-hidden="true">
          {title.slice(0, 1)}
        </span>
        {title}
      </div>
      <div className="wa-chat">
        {status && (status.image || status.caption) ? (
          <div className="wa-status">
            <div className="wa-status-label">Status</div>
            {HTTPS.test(status.image) ? (
              <img
                className="wa-media"
                src={status.image}
                alt="Imagem do status"
                referrerPolicy="no-referrer"
              />
            ) : null}
            {status.caption ? <div>{previewText(status.caption)}</div> : null}
          </div>
        ) : null}
        {items.length === 0 ? <div className="wa-system">Nenhuma mensagem.</div> : null}
        {items.map((item) => (
          <Bubble key={item.key} item={item} />
        ))}
      </div>
    </div>
  );
}
