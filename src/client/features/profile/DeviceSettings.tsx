import { windowDayChoices } from '#shared/working-set.ts';
import { Field, Select } from '#client/components/ui/Field.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { useWindowDays } from '#client/data/sync/use-working-set.ts';

const choices = windowDayChoices.map((days) => ({ value: String(days), label: `${days} days` }));

/** Settings of this device (not of the account): how much history it keeps. */
export function DeviceSettings() {
  const [windowDays, setWindowDays] = useWindowDays();
  return (
    <Panel title="This Device">
      <Field
        label="Keep closed records on this device for"
        hint="Older tickets and incidents stay on the server: the lists find them when you are online."
      >
        <Select
          options={choices}
          value={String(windowDays)}
          onChange={(event) => void setWindowDays(Number(event.target.value))}
        />
      </Field>
    </Panel>
  );
}
