// Small inline SVG icons of the shell (no icon package in the bundle); decorative, the buttons carry the names.
import { Icon, iconPaths } from '../../ui/index.js';

export const MenuIcon = () => <Icon path={iconPaths.menu} />;
export const CloseIcon = () => <Icon path={iconPaths.close} />;
export const BackIcon = () => <Icon path={iconPaths.back} />;
