import { nameTaken, type PickerSegment } from '@discovery/insights-kit';
import { ApiError, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { exploreEndpoints as E, MESSAGES, PersonaInput, withoutDeleted, type PersonaDto } from '../../common';

export interface BuilderSegment {
  short_id: string;
  name: string;
}

/**
 * The persona builder (EXP-017): name (required, unique per product), the segments from the
 * picker, the default checkbox. Opened from an invalid persona it holds the segments still
 * available (EXP-020). The shared schema decides what the server will refuse.
 */
export class PersonaBuilderStore {
  name = '';
  segments: BuilderSegment[] = [];
  isDefault = false;
  saving = false;
  touched = false;
  serverErrors: Record<string, string> = {};

  constructor(
    private readonly api: ApiClient,
    readonly editing: PersonaDto | null,
    private readonly others: readonly Pick<PersonaDto, 'id' | 'name'>[],
  ) {
    if (editing) {
      const keep = new Set(withoutDeleted(editing));
      this.name = editing.name;
      this.segments = editing.segments.filter((s) => keep.has(s.short_id)).map(({ short_id, name }) => ({ short_id, name }));
      this.isDefault = editing.default && editing.hasDefault;
    }
    makeAutoObservable<PersonaBuilderStore, 'api'>(this, { api: false, editing: false });
  }

  setName(v: string) {
    this.name = v;
    delete this.serverErrors['persona.name'];
  }
  setDefault(v: boolean) {
    this.isDefault = v;
  }
  addSegments(list: readonly PickerSegment[]) {
    const have = new Set(this.segments.map((s) => s.short_id));
    this.segments = [...this.segments, ...list.filter((s) => !have.has(s.identifier)).map((s) => ({ short_id: s.identifier, name: s.name }))];
    delete this.serverErrors['persona.identifiers'];
  }
  removeSegment(id: string) {
    this.segments = this.segments.filter((s) => s.short_id !== id);
  }

  get values() {
    return { name: this.name, identifiers: this.segments.map((s) => s.short_id), default: this.isDefault };
  }

  /** Field errors: the shared schema's, the name's uniqueness in the product, then the server's. */
  get errors(): { name?: string; identifiers?: string } {
    const out: { name?: string; identifiers?: string } = {};
    const r = PersonaInput.safeParse(this.values);
    if (!r.success)
      for (const i of r.error.issues) {
        const k = i.path[0] === 'name' ? 'name' : i.path[0] === 'identifiers' ? 'identifiers' : null;
        if (k && !out[k]) out[k] = i.message;
      }
    if (!out.name && nameTaken(this.name, this.others, this.editing?.id ?? null)) out.name = MESSAGES.nameTaken;
    out.name ??= this.serverErrors['persona.name'];
    out.identifiers ??= Object.entries(this.serverErrors).find(([k]) => k.startsWith('persona.identifiers'))?.[1];
    return out;
  }
  get valid(): boolean {
    const e = this.errors;
    return !e.name && !e.identifiers;
  }

  /** Answers the saved persona and the default id, or null (errors shown). */
  save(): Settled<{ data: PersonaDto; default_id: number } | null> {
    return settle(this.saveNow(), () => null);
  }

  private async saveNow(): Promise<{ data: PersonaDto; default_id: number } | null> {
    this.touched = true;
    if (!this.valid) return null;
    this.saving = true;
    try {
      const body = { persona: this.values };
      return this.editing
        ? await this.api.call(E.update, { params: { id: this.editing.id }, body }, { silent: true })
        : await this.api.call(E.create, { body }, { silent: true });
    } catch (e) {
      this.serverErrors = e instanceof ApiError && e.fields ? e.fields : { 'persona.name': e instanceof Error ? e.message : MESSAGES.saveFailed };
      return null;
    } finally {
      this.saving = false;
    }
  }
}
