// The client app's own UI primitives (no MUI, no emotion): small accessible components on plain CSS (ui.css).
// Layout and text need no components: classes ui-stack (+ ui-stack--row, ui-gap-0…4, ui-align-*), ui-text, ui-h2,
// ui-h3, ui-body2, ui-muted, ui-mb-*/ui-mt-*, ui-table(-wrap) and ui-divider in ui.css; text only for screen readers
// takes visually-hidden from global.css (on every page from the first paint, the static page frame included).
import './ui.css';

export { Alert } from './Alert.js';
export { Avatar } from './Avatar.js';
export { Button } from './Button.js';
export { Checkbox } from './Checkbox.js';
export { Dialog, DialogActions, DialogContent, DialogTitle } from './Dialog.js';
export { Icon, iconPaths } from './Icon.js';
export { IconButton } from './IconButton.js';
export { Link, RouterLink } from './Link.js';
export { Paper } from './Paper.js';
export { LinearProgress, Spinner } from './Progress.js';
export { announcedPercent } from './progressSteps.js';
export { Radio, RadioGroup } from './RadioGroup.js';
export { Select } from './Select.js';
export { TextField, type TextFieldProps } from './TextField.js';
