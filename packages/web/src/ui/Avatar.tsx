// A round portrait; without an image the initials are shown (the name stays available as alt text).
import { cx } from './cx.js';

export function Avatar({
  src,
  alt,
  size = 40,
  className,
}: {
  readonly src?: string;
  readonly alt: string;
  readonly size?: number;
  readonly className?: string;
}) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (src) return <img src={src} alt={alt} className={cx('ui-avatar', className)} style={style} width={size} height={size} />;
  return (
    <span role="img" aria-label={alt} className={cx('ui-avatar', 'ui-avatar--empty', className)} style={style}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="60%" height="60%">
        <path d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z" />
      </svg>
    </span>
  );
}
