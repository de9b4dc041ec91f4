import type { Farm } from '@shambasoko/contracts';
import { Button, Card } from '@shambasoko/shared/ui';
import type { ReactNode } from 'react';
import { gate, type FarmAction } from '../../lib/permissions';

/** A farm tab's list: its title and an add action for this farm, offered to roles that may do it. */
export function FarmTabCard(props: { farm: Farm; title: string; add: string; action: FarmAction; onAdd(): void; children: ReactNode }) {
  return (
    <Card
      title={props.title}
      flush
      actions={
        <Button size="sm" onClick={props.onAdd} {...gate(props.farm.myRole, props.action)}>
          {props.add}
        </Button>
      }
    >
      {props.children}
    </Card>
  );
}
