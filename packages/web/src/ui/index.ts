// The client app's own UI primitives (no MUI, no emotion): small accessible components on plain CSS (ui.css).
import './ui.css';

export { Alert, type AlertProps, type AlertSeverity } from './Alert.js';
export { Avatar } from './Avatar.js';
export { Button, buttonClass, type ButtonProps, type ButtonColor, type ButtonSize, type ButtonVariant } from './Button.js';
export { Checkbox, type CheckboxProps } from './Checkbox.js';
export { cx } from './cx.js';
export { Dialog, DialogActions, DialogContent, DialogTitle, type DialogCloseReason, type DialogProps } from './Dialog.js';
export { Icon, iconPaths } from './Icon.js';
export { IconButton, type IconButtonProps } from './IconButton.js';
export { Link, RouterLink, type LinkProps } from './Link.js';
export { Paper, type PaperProps } from './Paper.js';
export { LinearProgress, Spinner, type LinearProgressProps, type SpinnerProps } from './Progress.js';
export { Radio, RadioGroup, type RadioGroupProps } from './RadioGroup.js';
export { Select, type SelectProps } from './Select.js';
export { Stack, type StackProps } from './Stack.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { VisuallyHidden } from './VisuallyHidden.js';
