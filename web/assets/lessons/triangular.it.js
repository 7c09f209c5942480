// Lezioni di Triangular, in italiano: the words of each lesson of the game's kit
// (crates/triangular/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Posare un pezzo',
      steps: [
        {
          text: 'Il pezzo rosso sta sulla casella 0,0 di un tavolo illimitato di caselle triangolari. Comincia il Bianco; ogni giocatore ha 24 pezzi. Un pezzo va su una casella vuota che condivide un intero lato con un pezzo già posato, anche quello rosso, e non si può passare. La casella x,y punta in alto quando x + y è pari: il pezzo rosso punta in alto, quindi i suoi lati stanno a sinistra, a destra e in basso.',
          goal: 'Posa un pezzo contro il lato inferiore del pezzo rosso.',
          hint: 'Due delle caselle evidenziate stanno accanto al pezzo rosso, nella sua riga.',
        },
        {
          text: 'Un angolo non basta. La casella 0,1, sopra il pezzo rosso, tocca quest’ultimo e il pezzo bianco 1,0 solo negli angoli, quindi nessuno può ancora posarci. La casella 1,0 punta in basso: il suo lato orizzontale è in alto.',
          goal: 'Rendi giocabile la casella 0,1.',
          hint: 'Una casella si apre quando un pezzo sta contro uno dei suoi lati. Quale casella della riga 1 si può raggiungere ora?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Fare punti con un triangolo',
      steps: [
        {
          text: 'Tre tuoi pezzi agli angoli di un triangolo equilatero più grande valgono la lunghezza del suo lato. Il più piccolo, di lato 2, ha i due angoli di base a due caselle l’uno dall’altro in una riga e il vertice una riga più su, a metà tra loro.',
          goal: 'Completa un triangolo di lato 2 e fai 2 punti.',
          hint: 'I pezzi bianchi 4,0 e 6,0 sono due angoli di base.',
        },
        {
          text: 'Il pezzo posato può essere qualunque angolo: il vertice, o l’uno o l’altro capo del lato di base. Il Nero ha preso 5,1, ma il Bianco tiene un altro vertice.',
          goal: 'Fai di nuovo 2 punti.',
          hint: 'Il pezzo bianco 7,1 è il vertice sopra 6,0 e un’altra casella.',
        },
      ],
    },
    {
      id: 'pointing-down',
      title: 'Triangoli con la punta in basso',
      steps: [
        {
          text: 'I triangoli puntano anche in basso. I loro angoli sono caselle che puntano in basso (x + y dispari): i due capi del lato superiore in una riga e l’angolo in basso, a metà sotto di loro.',
          goal: 'Completa un triangolo che punta in basso.',
          hint: 'I pezzi bianchi 1,0 e 3,0 puntano entrambi in basso.',
        },
        {
          text: 'Tocca al Nero. Qui l’angolo in basso è già posato: il pezzo nero 4,-1 sta sotto 3,0 e un’altra casella.',
          goal: 'Fai 2 punti per il Nero con un triangolo che punta in basso.',
          hint: 'Il lato superiore corre lungo la riga 0, lungo due caselle.',
        },
      ],
    },
    {
      id: 'bigger',
      title: 'Triangoli più grandi',
      steps: [
        {
          text: 'Un triangolo di lato n vale n punti: i suoi angoli di base distano 2n − 2 caselle, il vertice sta n − 1 righe più su. Ciò che c’è dentro non conta — qui i pezzi neri 5,0, 6,0 e 7,0 e una casella vuota.',
          goal: 'Fai 3 punti con un solo pezzo.',
          hint: 'I pezzi bianchi 4,0 e 8,0 distano quattro caselle: guarda due righe più su.',
        },
        {
          text: 'Tocca al Nero. Un triangolo di lato 3 che punta in basso può contenere di tutto, perfino il pezzo rosso: contano solo i suoi angoli. Qui una casella vale 2 punti, un’altra di più.',
          goal: 'Fai 3 punti per il Nero con un solo pezzo.',
          hint: 'I pezzi neri -1,0 e 3,0 puntano entrambi in basso e distano quattro caselle.',
        },
      ],
    },
    {
      id: 'several',
      title: 'Più triangoli insieme',
      steps: [
        {
          text: 'Un pezzo può completare più triangoli insieme, in direzioni diverse, e ognuno fa punti.',
          goal: 'Completa due triangoli con un solo pezzo.',
          hint: 'I pezzi bianchi 5,1 e 7,1 sono vertici; sotto entrambi c’è una casella vuota.',
        },
        {
          text: 'Anche triangoli di grandezza diversa possono condividere un angolo. Qui 6,0 vale di nuovo 4 punti, ma un’altra casella vale di più.',
          goal: 'Fai 5 punti con un solo pezzo.',
          hint: 'Cerca una casella che sia il vertice di due triangoli, uno dentro l’altro.',
        },
      ],
    },
    {
      id: 'red-triangle',
      title: 'Il triangolo rosso',
      steps: [
        {
          text: 'Il pezzo rosso non è di nessuno, eppure può essere un angolo. Se completi un triangolo i cui altri due angoli sono il pezzo rosso e un tuo pezzo, vinci subito, qualunque sia il punteggio. Quel triangolo non fa punti.',
          goal: 'Vinci subito con un triangolo sul pezzo rosso.',
          hint: 'Il pezzo rosso 0,0 e il pezzo bianco 2,0 distano due caselle nella riga 0.',
        },
        {
          text: 'Tocca al Nero. Il pezzo rosso può essere qualunque angolo del triangolo, anche il vertice.',
          goal: 'Vinci subito per il Nero.',
          hint: 'Il pezzo rosso 0,0 può essere il vertice sopra il pezzo nero -1,-1.',
        },
        {
          text: 'Un triangolo fatto dal pezzo rosso, da un tuo pezzo e da uno avversario non fa nulla. Qui entrambi i giocatori aspettano un triangolo rosso, e tocca al Bianco.',
          goal: 'Vinci subito.',
          hint: '-1,1 unirebbe il pezzo rosso al pezzo nero -2,0: nessuna vittoria per il Bianco.',
        },
      ],
    },
    {
      id: 'defending',
      title: 'Fermare un triangolo rosso',
      steps: [
        {
          text: 'Tieni d’occhio i triangoli rossi dell’avversario: se il suo prossimo pezzo può completarne uno, prendi prima tu quella casella.',
          goal: 'Non lasciare al Nero alcun triangolo con il pezzo rosso.',
          hint: 'Al pezzo nero 2,0 e al pezzo rosso manca un angolo.',
        },
        {
          text: 'Minacciano anche i triangoli rossi più grandi, e i punti non valgono nulla a partita persa: qui una casella dà 2 punti al Bianco, ma poi vince il Nero.',
          goal: 'Non lasciare al Nero alcun triangolo con il pezzo rosso.',
          hint: 'Il pezzo rosso può essere il vertice di un triangolo di lato 3 sopra il pezzo nero -2,-2.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fine della partita',
      steps: [
        {
          text: 'Posati tutti i 48 pezzi, vince il punteggio più alto. Il Bianco ha posato tutti i suoi 24 e conduce 16 a 13; decide l’ultimo pezzo del Nero.',
          goal: 'Vinci ai punti con l’ultimo pezzo del Nero.',
          hint: 'Al Nero servono 4 punti: a un triangolo di lato 4 manca l’angolo in basso a destra.',
        },
        {
          text: 'A pari punti è patta. Il Bianco conduce 18 a 12, e nessuna casella dà 7 punti al Nero.',
          goal: 'Ottieni la patta con l’ultimo pezzo del Nero.',
          hint: 'Una sola casella vale 6 punti: completa due triangoli, di lato 4 e 2.',
        },
        {
          text: 'Un triangolo rosso chiude subito la partita, anche con il 48º pezzo e qualunque sia il punteggio; gli altri triangoli completati dallo stesso pezzo fanno comunque punti. Il Bianco conduce 19 a 5.',
          goal: 'Vinci con l’ultimo pezzo del Nero.',
          hint: 'Il pezzo nero 1,1 è il vertice sopra il pezzo rosso e una casella vuota.',
        },
      ],
    },
  ],
};
