/** The chat app's texts in the bot's languages; the English ones are the spec's. */
export interface ChatStrings {
  placeholder: string;
  greeting: string;
  initFailed: string;
  sendFailed: string;
  /** The server refused for traffic (429): many chats or messages from one network, or to one bot. */
  rateLimited: string;
  connectionTrouble: string;
  notUnderstood: string;
  /** Said instead of an answer while a person of the bot's owner has the conversation. */
  personWillReply: string;
  send: string;
  close: string;
  messageLabel: string;
  conversation: string;
  typing: string;
  sources: string;
  page: string;
  /** Before a source that is the owner's own answer (a Q&A pair), whose title is its question. */
  fromTeam: string;
  you: string;
  configErrorTitle: string;
  configErrorText: string;
  /** The rating buttons under an answer, and the line asked for after a thumbs-down. */
  helpful: string;
  notHelpful: string;
  whatWasWrong: string;
  sendFeedback: string;
  thanksForFeedback: string;
  rateFailed: string;
  /** The visitor asks for a person of the bot's owner (a button above the composer, and under an answer that did not help). */
  talkToPerson: string;
  /** Said while a person was asked for and none has joined yet. */
  waitingForPerson: string;
  /** The line when a person joins: `{name}` is theirs; `teamJoined` when the name is unknown. */
  personJoined: string;
  teamJoined: string;
  /** The line when the person hands the conversation back to the bot. */
  assistantBack: string;
  /** The author of a person's reply whose name is unknown. */
  team: string;
  /** The bot does not hand conversations to a person (409). */
  personUnavailable: string;
  personRequestFailed: string;
}

export type ChatLanguage = 'en' | 'es' | 'fr' | 'de' | 'it';

const STRINGS: Record<ChatLanguage, ChatStrings> = {
  en: {
    placeholder: 'Type your message...',
    greeting: 'Hello! How can I help you today?',
    initFailed: 'Failed to initialize chat session.',
    sendFailed: 'Failed to send message. Please try again.',
    rateLimited: 'Too many chats or messages right now. Please wait a few minutes and try again.',
    connectionTrouble: "Sorry, I'm having trouble connecting right now. Please try again.",
    notUnderstood: "Sorry, I didn't understand that.",
    personWillReply: 'A person from the team has this conversation and will reply here.',
    send: 'Send message',
    close: 'Close chat',
    messageLabel: 'Message',
    conversation: 'Conversation',
    typing: 'Typing…',
    sources: 'Sources',
    page: 'p.',
    fromTeam: 'From our team',
    you: 'You',
    configErrorTitle: 'Configuration Error',
    configErrorText: 'Bot ID or token missing from URL parameters',
    helpful: 'Helpful',
    notHelpful: 'Not helpful',
    whatWasWrong: 'What was wrong? (optional)',
    sendFeedback: 'Send',
    thanksForFeedback: 'Thank you for your feedback.',
    rateFailed: 'Your rating could not be saved. Please try again.',
    talkToPerson: 'Talk to a person',
    waitingForPerson: 'Waiting for a person from the team…',
    personJoined: '{name} joined the conversation',
    teamJoined: 'A person from the team joined the conversation',
    assistantBack: "You're chatting with the assistant again.",
    team: 'Team',
    personUnavailable: 'Sorry, nobody from the team can take over this chat here.',
    personRequestFailed: 'Your request for a person could not be sent. Please try again.',
  },
  es: {
    placeholder: 'Escriba su mensaje...',
    greeting: '¡Hola! ¿En qué puedo ayudarle hoy?',
    initFailed: 'No se pudo iniciar la sesión de chat.',
    sendFailed: 'No se pudo enviar el mensaje. Inténtelo de nuevo.',
    rateLimited: 'Demasiados chats o mensajes en este momento. Espere unos minutos e inténtelo de nuevo.',
    connectionTrouble: 'Lo siento, ahora mismo tengo problemas de conexión. Inténtelo de nuevo.',
    notUnderstood: 'Lo siento, no lo he entendido.',
    personWillReply: 'Una persona del equipo lleva esta conversación y le responderá aquí.',
    send: 'Enviar mensaje',
    close: 'Cerrar chat',
    messageLabel: 'Mensaje',
    conversation: 'Conversación',
    typing: 'Escribiendo…',
    sources: 'Fuentes',
    page: 'pág.',
    fromTeam: 'De nuestro equipo',
    you: 'Usted',
    configErrorTitle: 'Error de configuración',
    configErrorText: 'Faltan el ID del bot o el token en los parámetros de la URL',
    helpful: 'Útil',
    notHelpful: 'No útil',
    whatWasWrong: '¿Qué estuvo mal? (opcional)',
    sendFeedback: 'Enviar',
    thanksForFeedback: 'Gracias por su opinión.',
    rateFailed: 'No se pudo guardar su valoración. Inténtelo de nuevo.',
    talkToPerson: 'Hablar con una persona',
    waitingForPerson: 'Esperando a una persona del equipo…',
    personJoined: '{name} se ha unido a la conversación',
    teamJoined: 'Una persona del equipo se ha unido a la conversación',
    assistantBack: 'Vuelve a hablar con el asistente.',
    team: 'Equipo',
    personUnavailable: 'Lo sentimos, nadie del equipo puede atender este chat aquí.',
    personRequestFailed: 'No se pudo enviar su solicitud al equipo. Inténtelo de nuevo.',
  },
  fr: {
    placeholder: 'Écrivez votre message...',
    greeting: 'Bonjour ! Comment puis-je vous aider aujourd’hui ?',
    initFailed: 'Impossible d’initialiser la session de chat.',
    sendFailed: 'Échec de l’envoi du message. Veuillez réessayer.',
    rateLimited: 'Trop de conversations ou de messages en ce moment. Patientez quelques minutes, puis réessayez.',
    connectionTrouble: 'Désolé, j’ai du mal à me connecter pour le moment. Veuillez réessayer.',
    notUnderstood: 'Désolé, je n’ai pas compris.',
    personWillReply: 'Une personne de l’équipe suit cette conversation et vous répondra ici.',
    send: 'Envoyer le message',
    close: 'Fermer le chat',
    messageLabel: 'Message',
    conversation: 'Conversation',
    typing: 'En train d’écrire…',
    sources: 'Sources',
    page: 'p.',
    fromTeam: 'De notre équipe',
    you: 'Vous',
    configErrorTitle: 'Erreur de configuration',
    configErrorText: 'L’identifiant du bot ou le jeton manque dans les paramètres de l’URL',
    helpful: 'Utile',
    notHelpful: 'Pas utile',
    whatWasWrong: 'Quel problème ? (facultatif)',
    sendFeedback: 'Envoyer',
    thanksForFeedback: 'Merci pour votre avis.',
    rateFailed: 'Votre avis n’a pas pu être enregistré. Réessayez.',
    talkToPerson: 'Parler à une personne',
    waitingForPerson: 'En attente d’une personne de l’équipe…',
    personJoined: '{name} a rejoint la conversation',
    teamJoined: 'Une personne de l’équipe a rejoint la conversation',
    assistantBack: 'Vous discutez de nouveau avec l’assistant.',
    team: 'Équipe',
    personUnavailable: 'Désolé, personne de l’équipe ne peut reprendre ce chat ici.',
    personRequestFailed: 'Votre demande n’a pas pu être transmise à l’équipe. Veuillez réessayer.',
  },
  de: {
    placeholder: 'Nachricht eingeben...',
    greeting: 'Hallo! Wie kann ich Ihnen heute helfen?',
    initFailed: 'Die Chat-Sitzung konnte nicht gestartet werden.',
    sendFailed: 'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    rateLimited: 'Gerade zu viele Chats oder Nachrichten. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    connectionTrouble: 'Entschuldigung, ich habe gerade Verbindungsprobleme. Bitte versuchen Sie es erneut.',
    notUnderstood: 'Entschuldigung, das habe ich nicht verstanden.',
    personWillReply: 'Eine Person aus dem Team betreut dieses Gespräch und antwortet Ihnen hier.',
    send: 'Nachricht senden',
    close: 'Chat schließen',
    messageLabel: 'Nachricht',
    conversation: 'Unterhaltung',
    typing: 'Schreibt…',
    sources: 'Quellen',
    page: 'S.',
    fromTeam: 'Von unserem Team',
    you: 'Sie',
    configErrorTitle: 'Konfigurationsfehler',
    configErrorText: 'Bot-ID oder Token fehlt in den URL-Parametern',
    helpful: 'Hilfreich',
    notHelpful: 'Nicht hilfreich',
    whatWasWrong: 'Was war falsch? (optional)',
    sendFeedback: 'Senden',
    thanksForFeedback: 'Danke für Ihr Feedback.',
    rateFailed: 'Ihre Bewertung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    talkToPerson: 'Mit einer Person sprechen',
    waitingForPerson: 'Warten auf eine Person aus dem Team…',
    personJoined: '{name} ist dem Gespräch beigetreten',
    teamJoined: 'Eine Person aus dem Team ist dem Gespräch beigetreten',
    assistantBack: 'Sie chatten wieder mit dem Assistenten.',
    team: 'Team',
    personUnavailable: 'Leider kann hier niemand aus dem Team diesen Chat übernehmen.',
    personRequestFailed: 'Ihre Anfrage konnte nicht an das Team gesendet werden. Bitte versuchen Sie es erneut.',
  },
  it: {
    placeholder: 'Scriva il suo messaggio...',
    greeting: 'Salve! Come posso aiutarla oggi?',
    initFailed: 'Impossibile avviare la sessione di chat.',
    sendFailed: 'Invio del messaggio non riuscito. Riprovi.',
    rateLimited: 'Troppe chat o messaggi in questo momento. Attenda qualche minuto e riprovi.',
    connectionTrouble: 'Spiacente, al momento ho problemi di connessione. Riprovi.',
    notUnderstood: 'Spiacente, non ho capito.',
    personWillReply: 'Una persona del team segue questa conversazione e le risponderà qui.',
    send: 'Invia messaggio',
    close: 'Chiudi chat',
    messageLabel: 'Messaggio',
    conversation: 'Conversazione',
    typing: 'Sta scrivendo…',
    sources: 'Fonti',
    page: 'pag.',
    fromTeam: 'Dal nostro team',
    you: 'Lei',
    configErrorTitle: 'Errore di configurazione',
    configErrorText: 'ID del bot o token mancante nei parametri dell’URL',
    helpful: 'Utile',
    notHelpful: 'Non utile',
    whatWasWrong: 'Cosa non andava? (facoltativo)',
    sendFeedback: 'Invia',
    thanksForFeedback: 'Grazie per il suo parere.',
    rateFailed: 'Non è stato possibile salvare la sua valutazione. Riprovi.',
    talkToPerson: 'Parla con una persona',
    waitingForPerson: 'In attesa di una persona del team…',
    personJoined: '{name} partecipa ora alla conversazione',
    teamJoined: 'Una persona del team partecipa ora alla conversazione',
    assistantBack: 'Sta di nuovo parlando con l’assistente.',
    team: 'Team',
    personUnavailable: 'Spiacente, nessuno del team può seguire questa chat qui.',
    personRequestFailed: 'Non è stato possibile inviare la sua richiesta al team. Riprovi.',
  },
};

/** Its own keys only: `in` would also find Object.prototype's (`toString`, `constructor`). */
const isChatLanguage = (code: string | undefined): code is ChatLanguage => code !== undefined && Object.hasOwn(STRINGS, code);

export function chatLanguage(code: string | undefined): ChatLanguage {
  return isChatLanguage(code) ? code : 'en';
}

/** The visitor's language from the browser's list (`fr-CA`, `de`), for screens shown before any bot says its own. */
export function browserLanguage(languages: readonly string[]): ChatLanguage {
  for (const language of languages) {
    const code = language.toLowerCase().split('-')[0];
    if (isChatLanguage(code)) return code;
  }
  return 'en';
}

export function stringsFor(language: ChatLanguage): ChatStrings {
  return STRINGS[language];
}
