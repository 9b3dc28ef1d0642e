/**
 * What '@blueprintjs/icons' exports, minus `IconSvgPaths16/20` and `getIconPaths`: those name the
 * modules of every icon path, and esbuild then puts all paths (about 200 KB gzipped) in the
 * first load even though nothing calls them. Icons still load their paths lazily through
 * `Icons.load` (see docs/decisions.md, "Blueprint icon paths out of the first load"), from a
 * loader without the list of every icon name (./blueprint-icon-loader.ts).
 */
export { Icons } from './blueprint-icon-loader';
export { SVGIconContainer } from '@blueprintjs/icons/lib/esm/svgIconContainer';
export { getIconContentString, IconCodepoints } from '@blueprintjs/icons/lib/esm/iconCodepoints';
export { iconNameToIconNextName, legacyIconNameToIconNextName, LegacyToIconNextNameMap } from '@blueprintjs/icons/lib/esm/iconNameConversion';
export { IconNames } from '@blueprintjs/icons/lib/esm/iconNames';
export { IconSize } from '@blueprintjs/icons/lib/esm/iconTypes';
export * from '@blueprintjs/icons/lib/esm/generated/components/index';
