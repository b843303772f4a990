import type { ReactNode } from 'react'

/** Label and value pairs; a missing value shows `empty`. */
export function FactList({ facts, empty }: { facts: [label: string, value: ReactNode][]; empty: string }) {
  return (
    <dl className="fact-list">
      {facts.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? empty : value}</dd>
        </div>
      ))}
    </dl>
  )
}
