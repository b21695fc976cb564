// A short two-tone chime generated with Web Audio, so no audio file has to be shipped or fetched.

type AudioContextConstructor = new () => AudioContext;

/** Plays the chime; resolves when it was scheduled, rejects if audio is unavailable or blocked. */
export async function playChime(createContext: () => AudioContext): Promise<void> {
  const context = createContext();
  if (context.state === 'suspended') await context.resume();
  const start = context.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.15;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.15);
  });
}

/** The browser's AudioContext constructor, or null where Web Audio is missing. */
export function browserAudioContext(): AudioContextConstructor | null {
  const scope = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}
