/** The traffic wing's door for the middleware and page helpers other wings' routes use; its routes are mounted from above. */
export { attributionOf, rememberLanding } from './middleware/attribution'
export { armSpeedFigures, pageFigures, pageSpeedFigures, trafficStore } from './render/traffic-reads'
export { speedSampling } from './render/speed-share'
