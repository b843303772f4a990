/** Contact request schema, shared by the form and the endpoint. Placeholder until the contact pipeline lands. */
export type ContactFlash = Record<string, unknown>
