import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useMemo } from 'react';
import { dismiss, type Notice } from './notify';

/**
 * Cloudscape's pt-BR texts of the Flashbar, given as props: the notices sit above every page,
 * also the public ones that load no I18nProvider (it lives in the staff shell).
 */
const I18N_STRINGS: FlashbarProps.I18nStrings = {
  ariaLabel: 'Notificações',
  errorIconAriaLabel: 'Erro',
  inProgressIconAriaLabel: 'Em andamento',
  infoIconAriaLabel: 'Informações',
  notificationBarAriaLabel: 'Todas as notificações',
  notificationBarText: 'Notificações',
  successIconAriaLabel: 'Êxito',
  warningIconAriaLabel: 'Aviso',
};

/** The Flashbar of the current notices; its own chunk, loaded with the first notice. */
export default function NoticeBar({ notices }: { notices: readonly Notice[] }) {
  const items = useMemo<FlashbarProps.MessageDefinition[]>(
    () =>
      notices.map((notice) => ({
        id: notice.id,
        type: notice.type,
        header: notice.header,
        content: notice.content,
        loading: notice.loading,
        dismissible: true,
        dismissLabel: 'Fechar',
        onDismiss: () => dismiss(notice.id),
      })),
    [notices],
  );
  return <Flashbar items={items} i18nStrings={I18N_STRINGS} />;
}
