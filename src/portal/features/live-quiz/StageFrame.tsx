import { Fragment, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import QRCode from 'qrcode';
import { holdNotices } from '../../ui/notice-signal';
import { useClientProfile } from '../../ui/use-client-profile';
import { linkPieces } from './link-breaks';
import classes from './stage.module.css';
import type { LiveConnectionState } from '../../../live/use-live-connection';

// The stage's frame: the client's branding (business name, logo, background, mascot), the full-screen button,
// "Reconnecting…" while the live channel is down. No portal chrome: the route sits outside the portal layout, and
// the portal's notices ("Ready to work offline") wait while the stage shows, rather than cover a projected option.

/** Whether the page is full screen now (the Fullscreen API), kept current. */
function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [full, toggle];
}

export const RECONNECTING_TEXT = 'Reconnecting…';

export function StageFrame({
  title,
  connection,
  extra,
  children,
}: {
  title: string;
  connection: LiveConnectionState;
  /** Things for the top bar's right side (a sponsor). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const profile = useClientProfile();
  const [full, toggleFull] = useFullscreen();
  useEffect(() => holdNotices(), []);
  const background: CSSProperties = profile?.background_image_url ? { backgroundImage: `url("${profile.background_image_url}")` } : {};
  return (
    <div className={classes.stage} style={background}>
      <header className={classes.top}>
        <div className={classes.brand}>
          {profile?.business_logo_url && (
            <img className={classes.logo} src={profile.business_logo_url} alt={`${profile.business_name} logo`} />
          )}
          <span className={classes.clip}>{profile?.business_name}</span>
        </div>
        <h1 className={classes.title}>{title}</h1>
        <div className={classes.tools}>
          {extra}
          <span role="status" aria-live="polite">
            {connection === 'paused' && <span className={classes.reconnecting}>{RECONNECTING_TEXT}</span>}
          </span>
          <button type="button" className={classes.button} onClick={toggleFull} aria-pressed={full}>
            {full ? 'Exit full screen' : 'Full screen'}
          </button>
        </div>
      </header>
      <main className={classes.main}>{children}</main>
      {profile?.mascot_logo_url && <img className={classes.mascot} src={profile.mascot_logo_url} alt="" />}
    </div>
  );
}

/** The join link as a QR code image (`qrcode`), named for screen readers and tests. */
export function JoinQr({ link, label }: { link: string; label: string }) {
  const [source, setSource] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(link, { margin: 2, width: 640, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (!cancelled) setSource({ link, url });
      },
      (error: unknown) => console.warn('QR code not drawn', error),
    );
    return () => {
      cancelled = true;
    };
  }, [link]);
  if (source?.link !== link) return <div className={classes.qr} style={{ aspectRatio: '1' }} />;
  return <img className={classes.qr} src={source.url} alt={label} width={640} height={640} />;
}

/** The side panel of a lobby: the QR code of the join link, the link in text, the join code. */
export function JoinPanel({ link, joinCode, what }: { link: string | null; joinCode: string; what: 'quiz' | 'poll' }) {
  return (
    <section className={`${classes.panel} ${classes.side}`} aria-label="How to join">
      {link ? (
        <>
          <JoinQr link={link} label={`Join QR code: scan to join the ${what}`} />
          <div className={classes.joinLink}>
            {linkPieces(link).map((piece, index) => (
              <Fragment key={index}>
                {piece}
                <wbr />
              </Fragment>
            ))}
          </div>
        </>
      ) : (
        <p className={classes.muted}>No viewer app URL is set: add it in Setting.</p>
      )}
      <div>Join code</div>
      <div className={classes.code}>{joinCode}</div>
    </section>
  );
}
