interface NoticeProps {
  id?: string
  ok: boolean
  title: string
  text: string
}

/**
 * The outcome of a form post made without JavaScript (contact form, /update): a status when it
 * went through, an alert when it did not. Context-free, so islands can render it too.
 */
export function Notice({ id, ok, title, text }: NoticeProps) {
  return (
    <div
      id={id}
      role={ok ? 'status' : 'alert'}
      className={`notice ${ok ? 'notice-success' : 'notice-error'}`}
    >
      <p className="notice-title">{title}</p>
      <p>{text}</p>
    </div>
  )
}
