import type { ToolboxUnitDto } from '../schema';

/** A toolbox unit as the API answers it, for tests: an iframed 'Demo App' of acme in every region. */
export function toolboxUnit(over: Partial<ToolboxUnitDto> = {}): ToolboxUnitDto {
  return {
    id: 1,
    client_id: 1,
    client_slug: 'acme',
    name: 'Demo App',
    status: true,
    region_ids: ['all'],
    use_client_hierarchy: false,
    feature_module_category: 'toolbox',
    iframed: true,
    url: 'https://app.example.com/start',
    category_id: null,
    category_priority: null,
    ...over,
  };
}
