import { ALLOCATIONS, TOTAL_SUPPLY_BILLIONS } from './allocation';
import styles from './AllocationChart.module.css';

const R = 70;
const C = 2 * Math.PI * R;

/** The token allocation as a donut chart with a legend, followed by the same figures as a table. */
export function AllocationChart() {
  let offset = 0;
  const arcs = ALLOCATIONS.map((a) => {
    const length = (a.billions / TOTAL_SUPPLY_BILLIONS) * C;
    const arc = { ...a, dash: `${length} ${C - length}`, offset: -offset };
    offset += length;
    return arc;
  });
  const summary = ALLOCATIONS.map((a) => `${a.name} ${a.billions}B (${a.percent})`).join(', ');

  return (
    <div className={styles.wrap}>
      <figure className={styles.figure}>
        <svg viewBox="0 0 200 200" className={styles.donut} role="img" aria-labelledby="alloc-title alloc-desc">
          <title id="alloc-title">HAIC token allocation</title>
          <desc id="alloc-desc">{`Of ${TOTAL_SUPPLY_BILLIONS} billion HAIC: ${summary}.`}</desc>
          <g transform="rotate(-90 100 100)">
            {arcs.map((a) => (
              <circle key={a.name} cx="100" cy="100" r={R} fill="none" stroke={a.color} strokeWidth="30" strokeDasharray={a.dash} strokeDashoffset={a.offset} />
            ))}
          </g>
          <text x="100" y="96" textAnchor="middle" className={styles.total}>
            30B
          </text>
          <text x="100" y="116" textAnchor="middle" className={styles.totalLabel}>
            total supply
          </text>
        </svg>
        <figcaption className="visually-hidden">Token allocation chart</figcaption>
      </figure>
      <ul className={styles.legend} aria-hidden="true">
        {ALLOCATIONS.map((a) => (
          <li key={a.name}>
            <span className={styles.swatch} style={{ background: a.color }} />
            <span className={styles.legendName}>{a.name}</span>
            <span className={styles.legendValue}>
              {a.billions}B ({a.percent})
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="allocation-table">
          <caption>Allocation of the 30 billion HAIC supply</caption>
          <thead>
            <tr>
              <th scope="col">Allocation</th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
              <th scope="col" className={styles.num}>
                Share
              </th>
              <th scope="col" className={styles.purpose}>
                Purpose
              </th>
            </tr>
          </thead>
          <tbody>
            {ALLOCATIONS.map((a) => (
              <tr key={a.name}>
                <th scope="row">{a.name}</th>
                <td className={styles.num}>{a.billions}B</td>
                <td className={styles.num}>{a.percent}</td>
                <td className={styles.purpose}>{a.purpose}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className={styles.num}>30B</td>
              <td className={styles.num}>100%</td>
              <td className={styles.purpose}>30 billion HAIC, fixed supply</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
