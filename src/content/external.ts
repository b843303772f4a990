/**
 * External addresses the spec does not give. Every value here is a placeholder a brand replaces.
 */
export const external = {
  /** Default hosted 3D jewellery viewer, with its model-file parameter. */
  defaultViewerUrl: 'https://viewer.example.com/3d-viewer/?model=models/necklace.glb',
}
