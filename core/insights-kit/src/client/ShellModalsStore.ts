import { makeAutoObservable } from 'mobx';

/** What the shell's audience-details modal shows (SHELL-012). */
export interface AudienceSummary {
  id: number | string;
  name: string;
  type: string;
  audience_type?: string | null;
  source_identifier?: string | null;
  people: number | null;
  created_at: string;
}

/** The two shell modals any plugin may open (SHELL-001, SHELL-012, SHELL-091). */
export class ShellModalsStore {
  zeroCountOpen = false;
  audience: AudienceSummary | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  openZeroCount(): void {
    this.zeroCountOpen = true;
  }
  closeZeroCount(): void {
    this.zeroCountOpen = false;
  }
  openAudienceDetails(a: AudienceSummary): void {
    this.audience = a;
  }
  closeAudienceDetails(): void {
    this.audience = null;
  }
}
