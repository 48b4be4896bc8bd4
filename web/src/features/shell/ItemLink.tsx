import { Link } from 'react-router-dom';
import type { NavLinkItem } from './navItems';

interface Props {
  item: NavLinkItem;
  className?: string;
  onChoose?: () => void;
  role?: string;
}

/** A nav entry: site links through the router, outside links in a new tab. */
export function ItemLink({ item, className, onChoose, role }: Props) {
  if (item.external) {
    return (
      <a href={item.to} className={className} target="_blank" rel="noopener noreferrer" onClick={onChoose} role={role}>
        {item.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={item.to} className={className} onClick={onChoose} role={role}>
      {item.label}
    </Link>
  );
}
