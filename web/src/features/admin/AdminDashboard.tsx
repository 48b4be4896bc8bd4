import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { useLogout } from '../auth';
import { NamedSection } from '../../ui/NamedSection';
import { AdminLayout, PanelLink } from './AdminLayout';
import { CMS_LINKS } from './cmsLinks';
import { SAMPLE_STATS } from './sampleData';
import styles from './AdminDashboard.module.css';

export function AdminDashboard() {
  const { adminUser } = useAuth();
  const logout = useLogout();
  const stats = SAMPLE_STATS;

  const cards = [
    { label: 'Total News', value: stats.totalNews, tone: styles.teal, to: '/admin/news' },
    { label: 'Blog Posts', value: stats.totalBlogPosts, tone: styles.sky, to: '/admin/blog' },
    { label: 'Total Users', value: stats.totalUsers, tone: styles.gold, href: CMS_LINKS.users },
  ];

  return (
    <AdminLayout
      title="Admin Dashboard"
      subtitle={
        <>
          Welcome back, <strong>{adminUser?.name ?? 'Admin'}</strong>!
        </>
      }
      actions={
        <button type="button" className="button button-secondary" onClick={logout}>
          Logout
        </button>
      }
    >
      <NamedSection id="stats-heading" name="Site statistics">
        <ul className={styles.stats}>
          {cards.map((card) => (
            <li key={card.label} className={`card ${styles.stat} ${card.tone}`}>
              <span className={styles.statLabel}>{card.label}</span>
              <span className={styles.statValue}>{card.value}</span>
              {card.to ? (
                <Link to={card.to} className={styles.statLink}>
                  Manage<span className="visually-hidden"> {card.label}</span>
                </Link>
              ) : (
                <PanelLink href={card.href!} className={styles.statLink}>
                  Manage<span className="visually-hidden"> {card.label}</span>
                </PanelLink>
              )}
            </li>
          ))}
        </ul>
      </NamedSection>

      <div className={styles.columns}>
        <section className="card" aria-labelledby="activity-heading">
          <h2 id="activity-heading" className={styles.sectionTitle}>
            Recent Activity
          </h2>
          <ul className={styles.activity}>
            {stats.recentActivity.map((entry) => (
              <li key={`${entry.action}-${entry.time}`} className={styles.activityItem}>
                <span className={styles.dot} aria-hidden="true" />
                <div>
                  <p className={styles.activityAction}>{entry.action}</p>
                  <p className={styles.activityMeta}>
                    by {entry.user} &middot; {entry.time}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="quick-heading">
          <h2 id="quick-heading" className={styles.sectionTitle}>
            Quick Actions
          </h2>
          <div className={styles.quick}>
            <PanelLink href={CMS_LINKS.newsCreate} className="button button-primary">
              Add News Article
            </PanelLink>
            <PanelLink href={CMS_LINKS.blogCreate} className="button button-primary">
              Create Blog Post
            </PanelLink>
            <PanelLink href={CMS_LINKS.usersCreate} className="button button-secondary">
              Add User
            </PanelLink>
            <Link to="/admin/news" className="button button-secondary">
              Manage News
            </Link>
          </div>
          <p className={styles.hint}>Adding content opens the CMS panel in a new tab.</p>
        </section>
      </div>
    </AdminLayout>
  );
}
