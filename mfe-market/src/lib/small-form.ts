import { useState, useSyncExternalStore, type ChangeEvent } from 'react';
// Types only: react-hook-form's shapes (its resolvers, its nested errors) are kept, its code is not loaded.
import type { Field, FieldErrors, FieldValues, Path, PathValue, Resolver, ResolverOptions } from 'react-hook-form';

/*
 * A form hook for pages whose first screen is a form (issue 43): react-hook-form is ~12.6 kB gzip of a
 * first load that must stay within 150 kB, and these forms use a small part of it. This is that part,
 * behaving as react-hook-form's defaults do: the controls stay uncontrolled (register() wires them up),
 * the values are checked on submit, and after the first submit each change checks again and brings that
 * field's error up to date. The checks are react-hook-form resolvers (lib/lazy-resolver.ts), called with
 * the arguments react-hook-form gives them, so the zod resolver and its nested errors work unchanged.
 * Controls: text, number, textarea, select (one or several), checkbox (alone or a group), a group of
 * radio buttons; no files, which these forms do not have. Names may be dotted ("delivery.pickup").
 */

/** The controls register() wires up. */
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** How a control's text becomes the form's value. */
export type FieldOptions = {
  /** The text as a number; an empty control gives NaN, as in react-hook-form, so the checks can name it. */
  valueAsNumber?: boolean;
  /** The text through this function (not with valueAsNumber, and not for checkboxes or multiple selects). */
  setValueAs?: (text: string) => unknown;
};

/** What register() returns, to spread on the control. */
type RegisteredField<Name extends string> = {
  name: Name;
  ref: (control: Control | null) => void;
  onChange: (event: ChangeEvent<Control>) => Promise<void>;
};

export type SmallForm<Input extends FieldValues, Output> = {
  register: <Name extends Path<Input>>(name: Name, options?: FieldOptions) => RegisteredField<Name>;
  /**
   * An event handler: stops the browser's submit, checks the values and calls onValid with the checked
   * ones, or else onInvalid with the errors (before the first wrong field is focused).
   */
  handleSubmit: (
    onValid: (values: Output) => void | Promise<void>,
    onInvalid?: (errors: FieldErrors<Input>) => void | Promise<void>,
  ) => (event?: { preventDefault: () => void }) => Promise<void>;
  /** New values into the state and the controls; the errors and the submitted state go. */
  reset: (values: Input) => void;
  watch: {
    /** A value, read while rendering: the component renders again when it changes. */
    <Name extends Path<Input>>(name: Name): PathValue<Input, Name>;
    /** Calls `onChange` after each change of a value (typed, set or reset), until unsubscribed; nothing renders again. */
    (onChange: () => void): { unsubscribe: () => void };
  };
  getValues: {
    /** A copy of all the values. */
    (): Input;
    <Name extends Path<Input>>(name: Name): PathValue<Input, Name>;
  };
  setValue: <Name extends Path<Input>>(name: Name, value: PathValue<Input, Name>, options?: { shouldValidate?: boolean }) => void;
  readonly formState: { errors: FieldErrors<Input> };
};

type Tree = Record<string, unknown>;

type Entry = {
  /** The controls for the name: one, or a group of checkboxes or radio buttons. Removed ones are dropped when next read. */
  controls: Set<Control>;
  options: FieldOptions;
  /** Checks started by this field's changes: an older, slower one must not overwrite a newer one's error. */
  checks: number;
  registered: RegisteredField<string>;
};

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCheckbox = (control: Control): control is HTMLInputElement => control.type === 'checkbox';
const isRadio = (control: Control): control is HTMLInputElement => control.type === 'radio';
const isMultipleSelect = (control: Control): control is HTMLSelectElement => control.type === 'select-multiple';
/** An error of its own (react-hook-form's { type, message }), not an object holding its children's errors. */
const isError = (value: unknown): value is Tree => isTree(value) && (typeof value.type === 'string' || typeof value.message === 'string');

/** A copy of plain data (objects, arrays), so the caller's default values and the form's never share a part. */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyOf(item)) as T;
  if (isTree(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)])) as T;
  }
  return value;
}

/** The value at a dotted name ("delivery.pickup"). */
function getIn(tree: Tree, name: string): unknown {
  return name.split('.').reduce<unknown>((at, key) => (isTree(at) ? at[key] : undefined), tree);
}

function setIn(tree: Tree, name: string, value: unknown): void {
  const keys = name.split('.');
  const last = keys.pop()!;
  let at = tree;
  for (const key of keys) {
    const next = at[key];
    at = isTree(next) ? next : (at[key] = {});
  }
  at[last] = value;
}

/** A copy of the errors with the one at `name` replaced (or taken away, with the objects it leaves empty). */
function withError(errors: Tree, name: string, error: Tree | undefined): Tree {
  const [key, ...rest] = name.split('.') as [string, ...string[]];
  const copy = { ...errors };
  const inner = rest.length === 0 ? error : withError(isTree(copy[key]) ? copy[key] : {}, rest.join('.'), error);
  if (inner === undefined || (rest.length > 0 && Object.keys(inner).length === 0)) delete copy[key];
  else copy[key] = inner;
  return copy;
}

/**
 * The error shown for a field: its own, or else its group's (a check on the object it belongs to, such
 * as "offer pick-up, delivery or both" on `delivery` for the `delivery.pickup` box), with where it is.
 */
function shownError(errors: Tree, name: string): { name: string; error?: Tree } {
  const keys = name.split('.');
  for (let end = keys.length; end > 0; end -= 1) {
    const at = keys.slice(0, end).join('.');
    const error = getIn(errors, at);
    if (isError(error)) return { name: at, error };
  }
  return { name };
}

/** The controls still in the page. */
function liveControls(entry: Entry): Control[] {
  for (const control of entry.controls) if (!control.isConnected) entry.controls.delete(control);
  return [...entry.controls];
}

/**
 * A field's value as its controls hold it: a checkbox is true or false, a group of checkboxes (or one
 * whose value is a list) the list of the ticked boxes' values, a multiple select the chosen options, a
 * group of radio buttons the checked one's value (null when none is checked).
 */
function readValue(entry: Entry, current: unknown): unknown {
  const controls = liveControls(entry);
  const [first] = controls;
  if (!first) return current;
  if (isCheckbox(first)) {
    const boxes = controls.filter(isCheckbox);
    if (boxes.length > 1 || Array.isArray(current)) return boxes.filter((box) => box.checked && !box.disabled).map((box) => box.value);
    return first.checked;
  }
  if (isRadio(first)) return controls.filter(isRadio).find((radio) => radio.checked)?.value ?? null;
  if (isMultipleSelect(first)) return [...first.selectedOptions].map((option) => option.value);
  if (entry.options.valueAsNumber) return first.value === '' ? Number.NaN : Number(first.value);
  return entry.options.setValueAs ? entry.options.setValueAs(first.value) : first.value;
}

/**
 * Puts a value into a field's controls: the radio button with that value is checked and the others not;
 * nothing (and NaN, an empty number) shows as an empty control.
 */
function showValue(entry: Entry, value: unknown): void {
  for (const control of liveControls(entry)) {
    if (isRadio(control)) control.checked = control.value === value;
    else if (isCheckbox(control)) control.checked = Array.isArray(value) ? value.includes(control.value) : Boolean(value);
    else if (isMultipleSelect(control)) {
      for (const option of control.options) option.selected = Array.isArray(value) && value.includes(option.value);
    } else control.value = value === undefined || value === null || Number.isNaN(value) ? '' : String(value);
  }
}

function createForm<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  defaultValues: Input,
  shouldFocusError: boolean,
) {
  let values: Tree = copyOf(defaultValues);
  let errors: Tree = {};
  let formState = { errors: errors as FieldErrors<Input> };
  let submitted = false;
  // Counts resets: a check that was under way when the form was reset must leave the new state alone.
  let resets = 0;
  let version = 0;
  const listeners = new Set<() => void>();
  const fields = new Map<string, Entry>();
  const watched = new Set<string>();
  // The functions given to watch(): told of every change of a value, rendering nothing (the checkout saves its draft so).
  const valueListeners = new Set<() => void>();

  const update = () => {
    version += 1;
    formState = { errors: errors as FieldErrors<Input> };
    listeners.forEach((listener) => listener());
  };
  const changed = () => valueListeners.forEach((listener) => listener());
  const isWatched = (name: string) =>
    [...watched].some((watch) => watch === name || name.startsWith(`${watch}.`) || watch.startsWith(`${name}.`));

  /** The resolver, called as react-hook-form calls it; the values are a copy, so the answer never shares the form's. */
  const check = (names: string[]) => {
    const refs: Record<string, Field['_f']> = {};
    for (const name of names) {
      const entry = fields.get(name);
      const [control] = entry ? liveControls(entry) : [];
      refs[name] = { ref: control ?? { name }, name, mount: control !== undefined };
    }
    const options: ResolverOptions<Input> = {
      // react-hook-form's own type: a flat form's keys, any string for a nested one.
      names: names as ResolverOptions<Input>['names'],
      fields: refs,
      criteriaMode: undefined,
      shouldUseNativeValidation: undefined,
    };
    return Promise.resolve(resolver(copyOf(values) as Input, undefined, options));
  };

  /** After a change (once submitted) or a checked setValue: that field's error, or its group's, as the checks now see it. */
  const recheck = async (name: string) => {
    const entry = fields.get(name);
    const started = entry ? (entry.checks += 1) : 0;
    const resetsBefore = resets;
    const { errors: found } = await check([name]);
    if (resets !== resetsBefore || (entry && entry.checks !== started)) return;
    // The new error is looked for where the field's error shows now: a group's error goes once the group is right.
    const now = shownError(found as Tree, shownError(errors, name).name);
    if (!now.error && getIn(errors, now.name) === undefined) return;
    errors = withError(errors, now.name, now.error);
    update();
  };

  /** Focuses the first control on the page whose field has an error, as react-hook-form does after a failed submit. */
  const focusFirstError = () => {
    const wrong = [...fields]
      .filter(([name]) => getIn(errors, name) !== undefined)
      .flatMap(([, entry]) => liveControls(entry).slice(0, 1))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    wrong[0]?.focus();
  };

  const register = (name: string, options: FieldOptions = {}): RegisteredField<string> => {
    const known = fields.get(name);
    if (known) {
      known.options = options;
      return known.registered;
    }
    const entry: Entry = {
      controls: new Set(),
      options,
      checks: 0,
      registered: {
        name,
        ref: (control) => {
          // A control seen before keeps what it shows: writing the value again could undo half-typed text.
          if (!control || entry.controls.has(control)) return;
          entry.controls.add(control);
          // No value yet: the control's own (an empty amount); else the control shows the form's value.
          const value = getIn(values, name);
          if (value === undefined) setIn(values, name, readValue(entry, value));
          else showValue(entry, value);
        },
        onChange: async () => {
          setIn(values, name, readValue(entry, getIn(values, name)));
          if (isWatched(name)) update();
          changed();
          if (submitted) await recheck(name);
        },
      },
    };
    fields.set(name, entry);
    return entry.registered;
  };

  const handleSubmit: SmallForm<Input, Output>['handleSubmit'] = (onValid, onInvalid) => async (event) => {
    event?.preventDefault();
    const resetsBefore = resets;
    const result = await check([...fields.keys()]);
    if (resets !== resetsBefore) return;
    errors = result.errors as Tree;
    if (Object.keys(errors).length > 0) {
      submitted = true;
      update();
      // A copy, as react-hook-form gives: the page may keep or change it without touching the form's.
      await onInvalid?.({ ...errors } as FieldErrors<Input>);
      if (shouldFocusError) focusFirstError();
      return;
    }
    update();
    try {
      // No errors: the answer is react-hook-form's ResolverSuccess, whose values are the checked output.
      await onValid(result.values as Output);
    } finally {
      // As in react-hook-form, a form reset by onValid (a saved adjustment, a sent post) is not submitted.
      if (resets === resetsBefore) {
        submitted = true;
        update();
      }
    }
  };

  const reset = (next: Input) => {
    resets += 1;
    values = copyOf(next);
    errors = {};
    submitted = false;
    for (const [name, entry] of fields) {
      showValue(entry, getIn(values, name));
      // A field left out of the new values is emptied, and takes the empty control's value.
      if (getIn(values, name) === undefined) setIn(values, name, readValue(entry, undefined));
    }
    update();
    changed();
  };

  const setValue = (name: string, value: unknown, options?: { shouldValidate?: boolean }) => {
    setIn(values, name, copyOf(value));
    for (const [field, entry] of fields) {
      if (field === name || field.startsWith(`${name}.`)) showValue(entry, getIn(values, field));
    }
    if (isWatched(name)) update();
    changed();
    if (options?.shouldValidate) void recheck(name);
  };

  const form = {
    register,
    handleSubmit,
    reset,
    watch: (watch: string | (() => void)) => {
      if (typeof watch === 'function') {
        valueListeners.add(watch);
        return { unsubscribe: () => void valueListeners.delete(watch) };
      }
      watched.add(watch);
      return getIn(values, watch);
    },
    getValues: (name?: string) => (name === undefined ? copyOf(values) : getIn(values, name)),
    setValue,
    get formState() {
      return formState;
    },
  } as SmallForm<Input, Output>;

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { form, subscribe, version: () => version };
}

/**
 * react-hook-form's useForm for the forms above: `resolver` checks the values (and gives the submitted
 * ones), `defaultValues` fills the controls, and `shouldFocusError: false` leaves the focus to the page
 * after a failed submit. The object returned is the same on every render (pages reset the form in
 * effects that depend on it); its formState is the latest.
 */
export function useSmallForm<Input extends FieldValues, Output>({
  resolver,
  defaultValues,
  shouldFocusError = true,
}: {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: Input;
  shouldFocusError?: boolean;
}): SmallForm<Input, Output> {
  // The options are read once, as react-hook-form reads its defaultValues once.
  const [store] = useState(() => createForm(resolver, defaultValues, shouldFocusError));
  useSyncExternalStore(store.subscribe, store.version, store.version);
  return store.form;
}
