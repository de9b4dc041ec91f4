import { useSearchParams } from 'react-router-dom';
import { REPORT_PRESETS, reportRange, type ReportPreset } from '@shambasoko/contracts';

export type ReportDates = { from: string; to: string };
export type RangeChoice = ReportPreset | 'custom';

const isPreset = (value: string | null): value is ReportPreset => REPORT_PRESETS.includes(value as ReportPreset);

/**
 * The dates a report shows, kept in the address (?range=last-3-months, or ?range=custom&from&to) so a
 * report can be bookmarked and Back returns to the dates before. The last 12 months by default, as the API.
 */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  const choice: RangeChoice = asked === 'custom' && from && to ? 'custom' : isPreset(asked) ? asked : 'last-12-months';
  const dates: ReportDates = choice === 'custom' ? { from: from!, to: to! } : reportRange(choice);
  return {
    choice,
    dates,
    choosePreset: (preset: ReportPreset) => setParams({ range: preset }, { replace: true }),
    chooseDates: (picked: ReportDates) => setParams({ range: 'custom', ...picked }, { replace: true }),
  };
}
