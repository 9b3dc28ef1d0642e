import { makeAutoObservable } from 'mobx';

/** The global error banner (000 §8): one message, cleared on the next navigation (SHELL-063). */
export class ErrorBannerStore {
  message: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  show(message: string): void {
    this.message = message;
  }

  clear(): void {
    this.message = null;
  }
}
