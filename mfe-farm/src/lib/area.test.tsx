import { screen } from '@testing-library/react';
import { PREFERENCES_KEY } from '@shambasoko/shared/preferences';
import { DEFAULT_PREFERENCES } from '@shambasoko/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import { Area } from './area';

describe('Area', () => {
  it('shows acres until the preference is known, and follows a change of unit at once', async () => {
    const { client } = renderPage(
      <p>
        <Area hectares={2} /> and <Area size={10_000} unit="square meters" />
      </p>,
    );
    expect(screen.getByText('4.94 acres and 2.47 acres')).toBeInTheDocument();
    client.setQueryData(PREFERENCES_KEY, { ...DEFAULT_PREFERENCES, areaUnit: 'hectares' });
    expect(await screen.findByText('2 ha and 1 ha')).toBeInTheDocument();
  });
});
