import { useId } from 'react';
import { Box, chakra, List, Stack, Text } from '@chakra-ui/react';
import { useTranslator } from '../../app/translation.ts';
import { EngineLink } from '../links.tsx';
import { ChatFeedback, type FeedbackConfig } from './ChatFeedback.tsx';
import { filledAddress, markedPieces, shortened, type Turn } from './chat-model.ts';
import { SourceLink } from './SourceLink.tsx';

export interface TurnTexts { asked: string; answered: string; sources: string; citation: string; page: string }
export type Offers = Record<string, { text: string; to: string }>;

/**
 * One question and its answer, each named for screen readers. The answer's pieces are hidden from
 * them while they arrive: the log announces the whole answer once it is done, not every piece.
 */
export function ChatTurn({ turn, texts, offers, feedback, conversationId, conversation, onRated }: {
  turn: Turn; texts: TurnTexts; offers?: Offers; feedback?: FeedbackConfig; conversationId?: string;
  /** The conversation up to this question, for an offer's `{{conversation}}`. */
  conversation: () => string;
  onRated: (helpful: boolean) => void;
}) {
  const { t } = useTranslator();
  const id = useId();
  const citations = [...new Map(turn.citations.map((citation) => [citation.ref, citation])).values()].sort((a, b) => a.ref - b.ref);
  const offered = turn.refused ? turn.offers.filter((name) => offers?.[name]) : [];
  const values = offered.length > 0 ? { question: turn.question, shortQuestion: shortened(turn.question), conversationId, conversation: conversation() } : {};
  return (
    <chakra.li display="flex" flexDirection="column" gap="2" minWidth="0">
      <Box alignSelf="flex-end" maxWidth="85%" bg="bg.muted" borderRadius="l2" px="3" py="2" whiteSpace="pre-wrap" overflowWrap="anywhere">
        <span className="visually-hidden">{t(texts.asked)} </span>{turn.question}
      </Box>
      {turn.state === 'streaming' ? (
        <Box aria-hidden="true" whiteSpace="pre-wrap" overflowWrap="anywhere">{turn.text}</Box>
      ) : null}
      {turn.state === 'done' ? (
        <Stack gap="2" minWidth="0">
          <Box whiteSpace="pre-wrap" overflowWrap="anywhere">
            <span className="visually-hidden">{t(texts.answered)} </span>
            {markedPieces(turn.text, citations).map((piece, index) => (typeof piece === 'string' ? piece : (
              <SourceLink key={index} href={piece.citation.href} label={t(texts.citation, { ref: piece.ref, title: piece.citation.title })}>[{piece.ref}]</SourceLink>
            )))}
          </Box>
          {citations.length > 0 ? (
            <Box>
              <Text id={`${id}-sources`} fontSize="sm" fontWeight="semibold">{t(texts.sources)}</Text>
              <List.Root aria-labelledby={`${id}-sources`} listStyle="none" ps="0" gap="1" fontSize="sm">
                {citations.map((citation) => (
                  <List.Item key={citation.ref} overflowWrap="anywhere">
                    <span>[{citation.ref}] </span>
                    <SourceLink href={citation.href}>{citation.title}</SourceLink>
                    {citation.page ? <span>, {t(texts.page, { page: citation.page })}</span> : null}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ) : null}
          {offered.length > 0 ? (
            <List.Root listStyle="none" ps="0" gap="1">
              {offered.map((name) => (
                <List.Item key={name}>
                  <EngineLink to={filledAddress(offers![name].to, values)}>{t(offers![name].text)}</EngineLink>
                </List.Item>
              ))}
            </List.Root>
          ) : null}
          {feedback && turn.answerId ? <ChatFeedback feedback={feedback} turn={turn} conversationId={conversationId} onRated={onRated} /> : null}
        </Stack>
      ) : null}
    </chakra.li>
  );
}
