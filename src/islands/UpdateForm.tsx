/** Placeholder, replaced by the viewer URL form of /update. */
export default function UpdateForm({ view3dUrl }: { view3dUrl: string }) {
  return (
    <form method="post" action="/update">
      <input type="url" name="view3dUrl" defaultValue={view3dUrl} required />
    </form>
  )
}
