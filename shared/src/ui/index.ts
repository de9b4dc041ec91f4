// The design system: @shambasoko/shared/ui, shared as its own singleton module.
export { PageHeader } from './page-header';
export { Button, buttonClassName } from './button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './button';
export { TextField, PasswordField, SelectField, TextAreaField } from './field';
export type {
  FieldProps, TextFieldProps, PasswordFieldProps, SelectFieldProps, SelectOption, TextAreaFieldProps,
} from './field';
export { FormError } from './form-error';
export type { FormErrorProps } from './form-error';
export { Dialog, ConfirmDialog } from './dialog';
export type { DialogProps, DialogSize, ConfirmDialogProps } from './dialog';
export { Card, StatCard } from './card';
export type { CardProps, StatCardProps } from './card';
export { Tabs } from './tabs';
export type { TabsProps, TabItem } from './tabs';
export { DataTable } from './data-table';
export { StaleNotice } from './stale-notice';
export type { DataTableProps, DataTableColumn } from './data-table';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { ErrorState } from './error-state';
export type { ErrorStateProps } from './error-state';
export { Badge } from './badge';
export type { BadgeProps, BadgeTone } from './badge';
export { IconSvg, icon } from './icons';
export type { IconProps } from './icons';
export { useDebouncedValue } from './use-debounced-value';
