import type { ColumnType, Generated, Insertable } from 'kysely';

/** Set by the database on insert (default now()); the `set_updated_at` trigger keeps updated_at current. */
type Timestamp = ColumnType<Date, never, never>;

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  firebase_uid: string;
  /** Stored lowercased (a check constraint enforces it) so the unique index is case-insensitive. */
  email: string;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  full_name: Generated<string>;
  msisdn: string | null;
  avatar: string | null;
  terms_accepted: Generated<boolean>;
  terms_version: string | null;
  privacy_policy_accepted: Generated<boolean>;
  privacy_policy_version: string | null;
  cookie_policy_accepted: Generated<boolean>;
  cookie_policy_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HeroImagesTable {
  id: Generated<number>;
  title: string;
  /** Relative to core-api/static, e.g. "hero/tea-terraces.svg"; served under /static/. */
  image_path: string;
  alt: Generated<string>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  /** order_placed, activity_assigned, farm_member_added, … */
  type: string;
  title: string;
  body: Generated<string>;
  /** An in-app path to open, e.g. /orders/… */
  link: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  hero_images: HeroImagesTable;
  notifications: NotificationsTable;
}

export type NewHeroImage = Insertable<HeroImagesTable>;
