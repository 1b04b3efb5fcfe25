import type { NotationKind } from '../http/hrefs.ts';

export interface PersonRow {
  identifier: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}

export interface NotationRow {
  id: number;
  kind: NotationKind;
  student: string;
  created_by: string | null;
  created_on: number;
  modified_on: number;
  details: string;
  audience_type: string | null;
  can_student_view: number | null;
  status: string | null;
  data_insight_type: string | null;
  encouragement_type_id: number | null;
  is_encouragement: number | null;
}

export interface CommentRow {
  id: number;
  notation_id: number;
  created_by: string;
  created_on: number;
  details: string;
  used_to_lower_alert: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  is_active: number;
}

export interface EncouragementTypeRow {
  id: number;
  name: string;
  icon: string;
}

export interface TriggerRow {
  id: number;
  name: string;
  additional_advice: string;
  audience_type: string;
  can_student_view: number;
  created_on: number;
  elevate_to_alert: number;
}

export interface AdministrationRow {
  id: number;
  assessment_id: number;
  title: string;
  start_date: number;
  end_date: number;
  status: string;
}

export interface FactorRow {
  id: number;
  assessment_id: number;
  name: string;
  description: string;
}

export interface FactorResultRow {
  administration_id: number;
  person: string;
  factor_id: number;
  assessment_id: number;
  score: number;
  validity_concern: number;
}

export interface Page<T> {
  total: number;
  rows: T[];
}
