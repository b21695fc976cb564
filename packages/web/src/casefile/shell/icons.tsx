// Small inline SVG icons (no icon package in the bundle); decorative, the buttons carry the names.
import Box from '@mui/material/Box';

function Icon({ path }: { readonly path: string }) {
  return (
    <Box component="svg" aria-hidden="true" focusable="false" viewBox="0 0 24 24" sx={{ width: 24, height: 24, fill: 'currentColor' }}>
      <path d={path} />
    </Box>
  );
}

export const MenuIcon = () => <Icon path="M3 6h18v2H3V6zm0 5h18v2H3v-2zm0 5h18v2H3v-2z" />;
export const CloseIcon = () => <Icon path="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />;
export const BackIcon = () => <Icon path="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" />;
