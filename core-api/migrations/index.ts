import type { Migration } from 'kysely';
import * as m001 from './001_init';
import * as m002 from './002_notifications';
import * as m003 from './003_auth';
import * as m004 from './004_farm';
import * as m005 from './005_market';
import * as m006 from './006_catalog_query_plans';
import * as m007 from './007_catalog_search';
import * as m008 from './008_farm_summaries';
import * as m009 from './009_email_verified';
import * as m010 from './010_farm_search';
import * as m011 from './011_farm_child_search';
import * as m012 from './012_scheduled_jobs';
import * as m013 from './013_bounds';
import * as m014 from './014_sessions';
import * as m015 from './015_order_expiry';
import * as m016 from './016_data_rights';
import * as m017 from './017_rate_limits';
import * as m018 from './018_account_roles';
import * as m019 from './019_remote_registry';
import * as m020 from './020_two_sided_market';
import * as m021 from './021_payments';
import * as m022 from './022_farm_wide_costs';
import * as m023 from './023_preferences';
import * as m024 from './024_farm_county';
import * as m025 from './025_write_replays';
import * as m026 from './026_job_run_count';
import * as m029 from './029_part_payments';
import * as m030 from './030_closed_shops';
import * as m031 from './031_no_self_reviews';
import * as m032 from './032_write_replay_requests';
import * as m034 from './034_account_suspension';
import * as m035 from './035_product_take_down';
import * as m037 from './037_remote_titles';
import * as m039 from './039_ledger';
import * as m040 from './040_ledger_money_out';
import * as m041 from './041_disbursements';
import * as m042 from './042_disputes';
import * as m043 from './043_share_links';
import * as m044 from './044_manual_refunds';
import * as m045 from './045_messages';
import * as m046 from './046_notice_outbox';
import * as m047 from './047_announcements';
import * as m048 from './048_push_subscriptions';
import * as m050 from './050_harvests_income';
import * as m051 from './051_product_kinds';
import * as m052 from './052_kiswahili_titles';
import * as m054 from './054_list_indexes';
import * as m055 from './055_farm_report_links';
import * as m057 from './057_integrations';
import * as m061 from './061_integration_audit';
import * as m062 from './062_member_answers_feed';
import * as m063 from './063_seller_answers_feed';
import * as m064 from './064_role_changes_feed';
import * as m065 from './065_stock_moves_in_place';
import * as m066 from './066_member_answers_one_statement';

/**
 * Every migration, in order. Listed by hand (not scanned from disk) so the list is type-checked
 * and works the same under tsx, jest and any bundler. Names are recorded in kysely_migration:
 * never rename or edit one that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_notifications': m002,
  '003_auth': m003,
  '004_farm': m004,
  '005_market': m005,
  '006_catalog_query_plans': m006,
  '007_catalog_search': m007,
  '008_farm_summaries': m008,
  '009_email_verified': m009,
  '010_farm_search': m010,
  '011_farm_child_search': m011,
  '012_scheduled_jobs': m012,
  '013_bounds': m013,
  '014_sessions': m014,
  '015_order_expiry': m015,
  '016_data_rights': m016,
  '017_rate_limits': m017,
  '018_account_roles': m018,
  '019_remote_registry': m019,
  '020_two_sided_market': m020,
  '021_payments': m021,
  '022_farm_wide_costs': m022,
  '023_preferences': m023,
  '024_farm_county': m024,
  '025_write_replays': m025,
  '026_job_run_count': m026,
  '029_part_payments': m029,
  '030_closed_shops': m030,
  '031_no_self_reviews': m031,
  '032_write_replay_requests': m032,
  '034_account_suspension': m034,
  '035_product_take_down': m035,
  '037_remote_titles': m037,
  '039_ledger': m039,
  '040_ledger_money_out': m040,
  '041_disbursements': m041,
  '042_disputes': m042,
  '043_share_links': m043,
  '044_manual_refunds': m044,
  '045_messages': m045,
  '046_notice_outbox': m046,
  '047_announcements': m047,
  '048_push_subscriptions': m048,
  '050_harvests_income': m050,
  '051_product_kinds': m051,
  '052_kiswahili_titles': m052,
  '054_list_indexes': m054,
  '055_farm_report_links': m055,
  '057_integrations': m057,
  '061_integration_audit': m061,
  '062_member_answers_feed': m062,
  '063_seller_answers_feed': m063,
  '064_role_changes_feed': m064,
  '065_stock_moves_in_place': m065,
  '066_member_answers_one_statement': m066,
};
