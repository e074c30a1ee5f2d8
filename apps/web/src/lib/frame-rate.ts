type Frame = (cb: (now: number) => void) => number;

/** Frames drawn in `ms` milliseconds of requestAnimationFrame, as frames per second. */
export function measureFps(frame: Frame = requestAnimationFrame, ms = 1000): Promise<number> {
  return new Promise((resolve) => {
    let start: number | undefined;
    let frames = 0;
    const tick = (now: number) => {
      start ??= now;
      if (now - start >= ms) return resolve((frames * 1000) / (now - start));
      frames += 1;
      frame(tick);
    };
    frame(tick);
  });
}

/** The cap to apply: frameRateLimit, only when the measured rate is below 60 FPS (specification); else none. */
export function frameCap(limit: number, measured: number): number | null {
  return measured < 60 ? limit : null;
}

/** A gate letting through at most `fps` frames a second: true when a frame may be drawn at `now`. */
export function frameGate(fps: number): (now: number) => boolean {
  const interval = 1000 / fps;
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - last < interval - 0.5) return false;
    last = now;
    return true;
  };
}
