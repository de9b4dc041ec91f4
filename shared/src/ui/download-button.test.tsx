import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DownloadButton } from './download-button';

describe('DownloadButton', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = jest.fn();
  });

  it('fetches the file and saves it under its name, busy meanwhile', async () => {
    let finish: (blob: Blob) => void = () => undefined;
    const fetchFile = jest.fn(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(
      <DownloadButton fetchFile={fetchFile} fileName="sales-2026.csv" label="Download CSV" busyLabel="Downloading…" errorText={String} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    finish(new Blob(['a,b\n']));
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['sales-2026.csv']);
  });

  it('says what went wrong in the caller’s words, and can be tried again', async () => {
    const fetchFile = jest.fn().mockRejectedValue(new Error('offline'));
    render(
      <DownloadButton
        fetchFile={fetchFile}
        fileName="x.csv"
        label="Export CSV"
        busyLabel="Exporting…"
        errorText={(e) => `Could not export: ${(e as Error).message}`}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not export: offline');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
