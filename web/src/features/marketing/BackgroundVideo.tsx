import { useEffect, useRef, useState } from 'react';
import { useInertBeforeHydration } from '../../lib/hydration';
import { useAutoplayRetry } from './useAutoplayRetry';
import styles from './BackgroundVideo.module.css';

/** A video's two encodings and the still shown before it plays. */
export interface VideoFiles {
  webm: string;
  mp4: string;
  poster: string;
}

interface Props {
  files: VideoFiles;
  label: string;
  className?: string;
  testId?: string;
}

/** A short muted looping video with a pause/play control; autoplay retried on the first click. */
export function BackgroundVideo({ files, label, className, testId }: Props) {
  const inert = useInertBeforeHydration();
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  useAutoplayRetry(ref);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
    };
  }, []);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void Promise.resolve(video.play()).catch(() => undefined);
    else video.pause();
  };

  return (
    <div className={`${styles.frame} ${className ?? ''}`}>
      <video
        ref={ref}
        className={styles.video}
        muted
        loop
        playsInline
        // Nothing of the video loads before it plays: the poster is the first paint, and the
        // video's bytes do not compete with the page's (nor load at all for reduced motion).
        preload="none"
        poster={files.poster}
        aria-label={label}
        data-testid={testId}
      >
        <source src={files.webm} type="video/webm" />
        <source src={files.mp4} type="video/mp4" />
      </video>
      <button type="button" className={styles.toggle} onClick={toggle} aria-pressed={!playing} {...inert}>
        {playing ? 'Pause video' : 'Play video'}
      </button>
    </div>
  );
}
