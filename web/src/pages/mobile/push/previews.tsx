import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { CLUB_APP_LABEL } from './form-model';

/**
 * How the notification shows on Android and on iOS (spec part 3 §2: the app name is a fixed club
 * app label). Title, header and body as typed; placeholders until they are.
 */
export function PushPreviews({ title, header, body }: { title: string; header: string; body: string }) {
  const heading = title.trim() || header.trim() || 'Título da notificação';
  const sub = title.trim() ? header.trim() : '';
  const text = body.trim() || 'A mensagem aparece aqui.';
  return (
    <ColumnLayout columns={2}>
      <div>
        <Box variant="awsui-key-label">Android</Box>
        <div
          data-testid="push-preview-android"
          style={{ marginTop: 8, background: '#202124', borderRadius: 20, padding: 14 }}
        >
          <div
            style={{
              background: '#f1f3f4',
              borderRadius: 16,
              padding: '12px 14px',
              fontFamily: 'Roboto, system-ui, sans-serif',
              color: '#202124',
            }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12, color: '#5f6368' }}>
              <AppIcon size={16} radius={8} />
              <span data-testid="push-preview-android-app">{CLUB_APP_LABEL}</span>
              <span>• agora</span>
            </div>
            <div style={{ marginTop: 6, fontWeight: 600, fontSize: 14 }}>{heading}</div>
            {sub ? <div style={{ fontSize: 13, fontWeight: 500 }}>{sub}</div> : null}
            <div style={{ fontSize: 13, color: '#3c4043', marginTop: 2, wordBreak: 'break-word' }}>
              {text}
            </div>
          </div>
        </div>
      </div>
      <div>
        <Box variant="awsui-key-label">iOS</Box>
        <div
          data-testid="push-preview-ios"
          style={{
            marginTop: 8,
            background: 'linear-gradient(160deg, #4b6cb7, #182848)',
            borderRadius: 20,
            padding: 14,
          }}
        >
          <div
            style={{
              background: 'rgba(245,245,245,0.92)',
              borderRadius: 16,
              padding: '10px 12px',
              display: 'flex',
              gap: 10,
              fontFamily: '-apple-system, system-ui, sans-serif',
              color: '#111',
            }}
          >
            <AppIcon size={34} radius={8} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#555' }}>
                <span data-testid="push-preview-ios-app" style={{ textTransform: 'uppercase' }}>
                  {CLUB_APP_LABEL}
                </span>
                <span>agora</span>
              </div>
              <div style={{ fontWeight: 600, fontSize: 14 }}>{heading}</div>
              {sub ? <div style={{ fontSize: 13, fontWeight: 500 }}>{sub}</div> : null}
              <div style={{ fontSize: 13, wordBreak: 'break-word' }}>{text}</div>
            </div>
          </div>
        </div>
      </div>
    </ColumnLayout>
  );
}

function AppIcon({ size, radius }: { size: number; radius: number }) {
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: radius,
        background: '#0972d3',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: size * 0.55,
        fontWeight: 700,
        flex: 'none',
      }}
    >
      F
    </span>
  );
}
