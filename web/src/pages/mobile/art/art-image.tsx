import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import { useState } from 'react';

/** The art's image, or a placeholder when there is no URL or it does not load. */
export function ArtImage({
  url,
  height,
  alt,
  testId,
}: {
  url: string;
  height: number;
  alt: string;
  testId?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = /^https?:\/\//i.test(url) && failed !== url;
  if (!usable) {
    return (
      <div
        data-testid={testId}
        style={{
          height,
          minWidth: height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f2f3f3',
          borderRadius: 6,
        }}
      >
        <Box color="text-body-secondary">
          <Icon name="file" /> {url ? 'Imagem indisponível' : ''}
        </Box>
      </div>
    );
  }
  return (
    <img
      data-testid={testId}
      src={url}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(url)}
      style={{ height, maxWidth: '100%', objectFit: 'contain', borderRadius: 6, background: '#f2f3f3' }}
    />
  );
}
