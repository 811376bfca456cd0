// The live controls are shared with the stage (src/features/stage): they live in src/ui.
export {
  CONTROL_FAILED_MESSAGE,
  moveQuizStatus,
  resetAttemptsOf,
  stepQuizQuestion,
  type ControlledQuiz,
} from '../../ui/quiz-live-controls';
