import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@shambasoko/shared/ui';

export interface EmptyWithLinkProps {
  icon: ReactNode;
  title: string;
  message: string;
  /** Where the one way forward leads, and its words. */
  to: string;
  label: string;
  state?: unknown;
}

/** An empty state whose action is a link (back to the market, to sign in, to My Orders). */
export function EmptyWithLink({ icon, title, message, to, label, state }: EmptyWithLinkProps) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      message={message}
      action={
        <Link to={to} state={state} className={buttonClassName()}>
          {label}
        </Link>
      }
    />
  );
}
