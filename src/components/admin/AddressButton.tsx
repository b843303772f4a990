interface AddressButtonProps {
  /** Where the form posts. */
  action: string
  /** The address acted on: posted as `from`, and read after the label by a screen reader. */
  address: string
  label: string
  variant: 'danger' | 'ghost'
}

/** One button that posts an address (a redirect's Delete, a missing address's Ignore), named with it. */
export function AddressButton({ action, address, label, variant }: AddressButtonProps) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="from" value={address} />
      <button type="submit" className={`btn btn-${variant} btn-sm`}>
        {label} <span className="sr-only">{address}</span>
      </button>
    </form>
  )
}
