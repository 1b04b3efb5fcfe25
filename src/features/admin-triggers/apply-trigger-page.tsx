import { PAGES } from '../../app/route-table.ts';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { parseIdentifiers, replaceIdentifiers } from '../../lib/identifiers.ts';
import { useApi } from '../../queries/api-context.tsx';
import { usePermission } from '../../queries/permissions.ts';
import { triggerQueries } from '../../queries/triggers.ts';
import { ApplyProgress } from './apply-progress.tsx';
import { ChooseStudents } from './choose-students.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { CreatedPanel } from './created-panel.tsx';
import { PreviewStep } from './preview-step.tsx';
import { TriggerFrame } from './trigger-frame.tsx';
import { previewOf } from './trigger-notations.ts';
import { isTriggerId } from './trigger-words.ts';
import { useApplyRun } from './use-apply-run.ts';
import { useApplySelection } from './use-apply-selection.ts';

/**
 * `/admin/triggers/:id/apply?students=S1,S2`: choose students (search, pasted identifiers, or a
 * selection handed over in the URL), see exactly what each will get, confirm, then send in
 * chunks of at most 100 with progress; failed chunks retried alone (issue 12 item 9).
 *
 * This module composes; the parts are the three steps (choose-students, preview-step,
 * confirm-step), what the checked text names (use-apply-selection), the run (use-apply-run) and
 * its progress and results (apply-progress, created-panel).
 */
export function ApplyTriggerPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permission = usePermission('editTriggers');
  const trigger = useQuery({ ...triggerQueries.detail(api, id), enabled: isTriggerId(id) });
  const handedOver = useMemo(() => parseIdentifiers(params.get('students') ?? '').unique, [params]);
  const [text, setText] = useState(() => handedOver.join('\n'));
  const [checked, setChecked] = useState<string | null>(null);
  const [confirmText, setConfirmText] = useState('');
  const selection = useApplySelection(checked, trigger.data);
  const { students, studentIds } = selection;
  const apply = useApplyRun(trigger.data, permission.session?.identifier);
  const { run, startedAt, finished } = apply;

  const dirty = text !== (checked ?? '');
  /** Checks `next` as the list of students: a new preview, a new confirmation. */
  const check = (next: string) => {
    setText(next);
    setChecked(next);
    setConfirmText('');
  };
  const preview = trigger.data ? previewOf(trigger.data) : null;

  return (
    <TriggerFrame
      id={id}
      trigger={trigger}
      permission={permission}
      back={{ to: PAGES.trigger.href({ id }), label: 'Back to the trigger' }}
      title={(t) => `Apply ${t ? `“${t.name}”` : `trigger ${id}`}`}
    >
      {(data) =>
        preview && (
          <>
            <ChooseStudents
              handedOver={handedOver.length}
              text={text}
              onText={setText}
              locked={run !== null}
              onCheck={() => check(text)}
              onStartOver={
                run !== null && finished
                  ? () => {
                      apply.reset();
                      setChecked(null);
                      setText('');
                    }
                  : null
              }
            />
            {checked !== null && (
              <PreviewStep
                selection={selection}
                preview={preview}
                stale={dirty && run === null}
                onUseLikely={(replacements) => check(replaceIdentifiers(text, replacements))}
                onLeaveOut={run === null ? check : null}
              />
            )}
            {checked !== null && students.length > 0 && !dirty && (
              <ConfirmStep
                students={studentIds}
                preview={preview}
                started={run !== null}
                confirmText={confirmText}
                onConfirmText={setConfirmText}
                permission={permission}
                waiting={selection.recent.isPending}
                onApply={() => apply.start(studentIds)}
              />
            )}
            {run && startedAt !== null && <ApplyProgress run={run} onRetry={apply.retry} />}
            {finished && run && startedAt !== null && run.states.some((s) => s.status === 'done') && (
              <CreatedPanel
                key={run.states.map((s) => s.status).join()}
                trigger={data}
                students={run.chunks.flatMap((c, i) => (run.states[i]?.status === 'done' ? c : []))}
                since={startedAt}
              />
            )}
          </>
        )
      }
    </TriggerFrame>
  );
}
