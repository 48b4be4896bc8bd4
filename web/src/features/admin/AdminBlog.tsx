import { AdminLayout, PanelLink } from './AdminLayout';
import { CMS_LINKS } from './cmsLinks';
import styles from './AdminBlog.module.css';

/** Blog Management is a placeholder (spec route table); posts are written in the CMS panel. */
export function AdminBlog() {
  return (
    <AdminLayout title="Blog Management">
      <section className={`card ${styles.placeholder}`}>
        <h2 className={styles.heading}>Blog management is coming soon</h2>
        <p>Blog posts are written, published and unpublished by editors in the CMS panel for now.</p>
        <div className={styles.links}>
          <PanelLink href={CMS_LINKS.blogCreate} className="button button-primary">
            Create Blog Post
          </PanelLink>
          <PanelLink href={CMS_LINKS.blogList} className="button button-secondary">
            Open blog posts in the CMS
          </PanelLink>
        </div>
      </section>
    </AdminLayout>
  );
}
