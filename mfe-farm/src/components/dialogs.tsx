// The farm forms' dialogs, each loaded when first opened (@shambasoko/shared/ui/lazy-dialog): pages import them from here.
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';

export const AddFarmDialog = lazyDialog(() => import('../features/farms/components/add-farm-dialog').then((m) => m.AddFarmDialog));
export const FieldFormDialog = lazyDialog(() => import('../features/fields/components/field-form-dialog').then((m) => m.FieldFormDialog));
export const SeasonFormDialog = lazyDialog(() =>
  import('../features/seasons/components/season-form-dialog').then((m) => m.SeasonFormDialog),
);
export const CropFormDialog = lazyDialog(() => import('../features/crops/components/crop-form-dialog').then((m) => m.CropFormDialog));
export const SellHarvestDialog = lazyDialog(() =>
  import('../features/crops/components/sell-harvest-dialog').then((m) => m.SellHarvestDialog),
);
export const LogActivityDialog = lazyDialog(() =>
  import('../features/activities/components/log-activity-dialog').then((m) => m.LogActivityDialog),
);
export const CostFormDialog = lazyDialog(() => import('../features/costs/components/cost-form-dialog').then((m) => m.CostFormDialog));
export const SetBudgetDialog = lazyDialog(() => import('../features/budget/components/set-budget-dialog').then((m) => m.SetBudgetDialog));
export const UserFormDialog = lazyDialog(() => import('../features/users/components/user-form-dialog').then((m) => m.UserFormDialog));
export const HarvestFormDialog = lazyDialog(() =>
  import('../features/harvests/components/harvest-form-dialog').then((m) => m.HarvestFormDialog),
);
export const IncomeFormDialog = lazyDialog(() =>
  import('../features/income/components/income-form-dialog').then((m) => m.IncomeFormDialog),
);
export const ViewActivityDialog = lazyDialog(() =>
  import('../features/activities/components/view-activity-dialog').then((m) => m.ViewActivityDialog),
);
export const DeleteActivityDialog = lazyDialog(() =>
  import('../features/activities/components/delete-activity-dialog').then((m) => m.DeleteActivityDialog),
);
