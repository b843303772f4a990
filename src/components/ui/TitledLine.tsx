/** A bold title over a quieter line: a "Why Choose Us?" point, a testimonial's name and role. */
export function TitledLine({ title, line }: { title: string; line: string }) {
  return (
    <span>
      <strong>{title}</strong>
      <span>{line}</span>
    </span>
  )
}
