// "Zum Inhalt springen": the first focusable element, visible only while focused.
import Link from '@mui/material/Link';

export function SkipLink({ targetId, children }: { readonly targetId: string; readonly children: string }) {
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        // Moved fully off screen (its height depends on the font), back in place while focused.
        transform: 'translateY(calc(-100% - 16px))',
        zIndex: 2000,
        p: 1.5,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        '&:focus': { transform: 'none' },
      }}
    >
      {children}
    </Link>
  );
}
