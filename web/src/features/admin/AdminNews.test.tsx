import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminNews, DELETE_CONFIRMATION, truncate } from './AdminNews';
import { SAMPLE_NEWS } from './sampleData';

const LONG = SAMPLE_NEWS.find((item) => item.description.length > 50)!;
const SHORT = SAMPLE_NEWS.find((item) => item.description.length <= 50)!;

function renderNews() {
  render(
    <MemoryRouter>
      <AdminNews />
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (title: string) => rows().find((row) => within(row).queryByText(title))!;

afterEach(() => jest.restoreAllMocks());

describe('truncate', () => {
  it('cuts text longer than 50 characters and marks the cut', () => {
    const text = 'x'.repeat(51);
    expect(truncate(text)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('x'.repeat(50))).toBe('x'.repeat(50));
  });
});

describe('AdminNews', () => {
  it('shows the sample table with its columns, truncated descriptions and the add button', () => {
    renderNews();
    expect(screen.getByRole('heading', { level: 1, name: 'News Management' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Title', 'Source', 'Category', 'Date', 'Status', 'Actions']);
    expect(rows()).toHaveLength(SAMPLE_NEWS.length);

    const long = rowOf(LONG.title);
    expect(within(long).getByText(`${LONG.description.slice(0, 50)}...`)).toBeInTheDocument();
    expect(within(long).queryByText(LONG.description)).not.toBeInTheDocument();
    expect(within(rowOf(SHORT.title)).getByText(SHORT.description)).toBeInTheDocument();

    const add = screen.getByRole('link', { name: /Add News Article/ });
    expect(add).toHaveAttribute('href', '/cms/content-manager/collection-types/api::news-item.news-item/create');
    expect(add).toHaveAttribute('target', '_blank');
    expect(add).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('toggles a row between Active and Inactive', () => {
    renderNews();
    const row = rowOf(LONG.title);
    const status = within(row).getByRole('button', { name: LONG.isActive ? 'Active' : 'Inactive' });
    fireEvent.click(status);
    expect(status).toHaveTextContent(LONG.isActive ? 'Inactive' : 'Active');
    expect(status).toHaveAttribute('aria-pressed', String(!LONG.isActive));
    fireEvent.click(status);
    expect(status).toHaveTextContent(LONG.isActive ? 'Active' : 'Inactive');
  });

  it('deletes a row only after confirmation', () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderNews();
    fireEvent.click(within(rowOf(LONG.title)).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(rows()).toHaveLength(SAMPLE_NEWS.length);

    fireEvent.click(within(rowOf(LONG.title)).getByRole('button', { name: 'Delete' }));
    expect(rows()).toHaveLength(SAMPLE_NEWS.length - 1);
    expect(screen.queryByText(LONG.title)).not.toBeInTheDocument();
  });

  it("says 'No news articles found.' once every row is deleted", () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderNews();
    for (const item of SAMPLE_NEWS) fireEvent.click(within(rowOf(item.title)).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('No news articles found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
