/** Validation messages of the toolbox API, shared by the forms and the server's 422 bodies. */
export const TOOLBOX_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be 100 characters or fewer.',
  urlRequired: 'URL is required.',
  urlInvalid: 'Enter a full address starting with http:// or https://.',
  urlTooLong: 'URL must be 2000 characters or fewer.',
  regionsRequired: "Select at least one region, or 'all'.",
  regionInvalid: "A region is 'all' or the id of one of the client's regions.",
  categoryInvalid: 'Choose one of the navigation categories.',
  priorityInvalid: 'Priority is a whole number from 0.',
  newUnitHasId: 'A new unit has no id: save an existing unit with PUT toolbox/units/{id}.',
  newUnitStatus: 'A new unit is created with status true.',
  categoryNameRequired: 'Category name is required.',
} as const;
