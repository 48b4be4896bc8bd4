import { useState } from 'react';
import { AdminLayout, PanelLink } from './AdminLayout';
import { CMS_LINKS } from './cmsLinks';
import { SAMPLE_NEWS, type AdminNewsItem } from './sampleData';
import { TableHead } from '../../ui/TableHead';
import styles from './AdminNews.module.css';

const DESCRIPTION_LIMIT = 50;

/** Descriptions are cut at 50 characters in the table. */
export function truncate(text: string, limit = DESCRIPTION_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

const formatDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this news item?';

/** The sample news table: the toggle and delete change only this local list. */
export function AdminNews({ initialItems = SAMPLE_NEWS }: { initialItems?: AdminNewsItem[] }) {
  const [items, setItems] = useState<AdminNewsItem[]>(() => initialItems.map((item) => ({ ...item })));

  const toggle = (id: number) => setItems((list) => list.map((item) => (item.id === id ? { ...item, isActive: !item.isActive } : item)));
  const remove = (id: number) => {
    if (window.confirm(DELETE_CONFIRMATION)) setItems((list) => list.filter((item) => item.id !== id));
  };

  return (
    <AdminLayout
      title="News Management"
      subtitle="Review the news shown on the site."
      actions={
        <PanelLink href={CMS_LINKS.newsCreate} className="button button-primary">
          Add News Article
        </PanelLink>
      }
    >
      <div className={`card ${styles.tableCard}`}>
        {items.length === 0 ? (
          <p className={styles.empty}>No news articles found.</p>
        ) : (
          <table className={styles.table}>
            <caption className="visually-hidden">News articles</caption>
            <TableHead columns={['Title', 'Source', 'Category', 'Date', 'Status', 'Actions']} />
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Title" className={styles.titleCell}>
                    <div>
                      <span className={styles.itemTitle}>{item.title}</span>
                      <span className={styles.description} title={item.description}>
                        {truncate(item.description)}
                      </span>
                    </div>
                  </td>
                  <td data-label="Source">{item.source}</td>
                  <td data-label="Category">
                    <span className={`${styles.category} ${styles[item.category] ?? ''}`}>{capitalize(item.category)}</span>
                  </td>
                  <td data-label="Date">
                    <time dateTime={item.publishedAt.toISOString()}>{formatDate(item.publishedAt)}</time>
                  </td>
                  <td data-label="Status">
                    <button
                      type="button"
                      className={`${styles.status} ${item.isActive ? styles.active : styles.inactive}`}
                      aria-pressed={item.isActive}
                      title={item.isActive ? 'Click to deactivate' : 'Click to activate'}
                      onClick={() => toggle(item.id)}
                    >
                      {item.isActive ? 'Active' : 'Inactive'}
                    </button>
                  </td>
                  <td data-label="Actions">
                    <div className={styles.rowActions}>
                      <PanelLink href={CMS_LINKS.newsList} className={styles.edit}>
                        Edit
                      </PanelLink>
                      <button type="button" className={styles.delete} onClick={() => remove(item.id)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </AdminLayout>
  );
}
